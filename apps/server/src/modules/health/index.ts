// Face of the health module: GET /api/health, the liveness/readiness pair, and the admins' GET /api/admin/health.
export { adminHealthRoutes, healthRoutes } from './routes.js';
