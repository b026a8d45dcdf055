// Face of the legal module: the Terms of Service and Privacy Policy texts, their built-in defaults and the admins' edit.
export { legalRoutes } from './routes.js';
