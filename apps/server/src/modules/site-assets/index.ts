// Face of the site-assets module: the admins' favicon and landing cover uploads.
export { siteAssetsRoutes } from './routes.js';
