// Face of the directory module: the People directory.
export { directoryRoutes } from './routes.js';
export { createDirectoryService } from './service.js';
