// Face of the analytics module: pwa_analytics inserts.
export { analyticsRoutes } from './routes.js';
