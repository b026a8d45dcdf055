// Face of the health module: GET /api/health.
export { healthRoutes } from './routes.js';
