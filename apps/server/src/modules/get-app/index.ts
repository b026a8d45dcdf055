// Face of the get-app module: what the install page needs from the server (its QR code).
export { getAppRoutes } from './routes.js';
