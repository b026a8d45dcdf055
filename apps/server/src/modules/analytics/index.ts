// Face of the analytics module: pwa_analytics inserts; the members' last-active stamp (app open, sign-in).
export { analyticsRoutes } from './routes.js';
export { stampLastActive } from './last-active.js';
