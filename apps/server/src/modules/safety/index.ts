// Face of the safety module: blocks and reports (who may see whom is decided on the access floor).
export { safetyRoutes } from './routes.js';
export { createSafetyService } from './service.js';
