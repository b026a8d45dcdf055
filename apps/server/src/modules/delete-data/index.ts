// Face of the delete-data module: /delete-data's requests and statuses, and Meta's data-deletion callback.
export { deleteDataRoutes } from './routes.js';
// The Instagram module's local double signs Meta's callbacks with the same secret.
export { instagramAppSecret, LOCAL_INSTAGRAM_SECRET_NAME } from './service.js';
export { signRequest } from './signed-request.js';
