// Face of the data-export module: "Download your data" in Settings → Security (issue 24, decision 036).
export { dataExportRoutes } from './routes.js';

