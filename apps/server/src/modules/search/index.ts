// Face of the search module: global search.
export { searchRoutes } from './routes.js';
