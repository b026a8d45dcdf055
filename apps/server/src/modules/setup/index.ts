// Face of the setup module: the first admin's setup link and endpoint.
export { setupRoutes } from './routes.js';
export { announceSetupLink, createSetupToken } from './service.js';
