// Face of the applications module: apply, the username check, landing stats and the admins' review.
export { applicationsRoutes } from './routes.js';
