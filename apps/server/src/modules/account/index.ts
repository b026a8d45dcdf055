// Face of the account module: deactivate, reactivate and delete one's own account.
export { accountRoutes } from './routes.js';
