// Face of the slugs module: /{slug} lookups and the one namespace of usernames and community addresses.
export { isCommunitySlug, lockSlug, slugHolder } from './repository.js';
export { slugRoutes } from './routes.js';
