// Face of the delete-data module: /delete-data's requests and statuses, and Meta's data-deletion callback.
export { deleteDataRoutes } from './routes.js';
// The secret Meta's callbacks are signed with (tests sign their own callbacks with it).
export { instagramAppSecret } from './service.js';
export { signRequest } from './signed-request.js';
