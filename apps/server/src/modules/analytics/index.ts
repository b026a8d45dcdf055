// Face of the analytics module: pwa_analytics inserts, web vitals (performance_metrics) and their admin view; the
// members' last-active stamp (app open, sign-in).
export { analyticsRoutes } from './routes.js';
export { stampLastActive } from './last-active.js';
export { deleteOldVitals } from './vitals-repository.js';
