// Face of the welcome module: Home's welcome for a new member (checklist, suggestions, dismissal).
export { welcomeRoutes } from './routes.js';
