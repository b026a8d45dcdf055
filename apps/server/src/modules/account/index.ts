// Face of the account module: deactivate, reactivate and delete one's own account.
export { accountRoutes } from './routes.js';
// The back office deletes a member through the same service (issue 23).
export { createAccountService } from './service.js';
