// Face of the me module: GET /api/me and the member's own profile view.
export { presentOwnProfile } from './presenter.js';
export { meRoutes } from './routes.js';
