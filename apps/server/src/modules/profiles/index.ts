// Face of the profiles module: other members' profiles, profile updates, pictures and the gallery.
export { profilesRoutes } from './routes.js';
// Meta's data-deletion callback (modules/delete-data) unlinks an Instagram account by its Instagram user id.
export { unlinkInstagramAccount } from './repository.js';
