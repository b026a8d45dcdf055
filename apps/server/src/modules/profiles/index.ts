// Face of the profiles module: other members' profiles, profile updates, pictures and the gallery.
export { profilesRoutes } from './routes.js';
