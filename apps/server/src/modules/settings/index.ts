// Face of the settings module: app settings (the SettingsStore of app-context.ts) and their routes.
export { settingsRoutes } from './routes.js';
export { createSettingsService } from './service.js';
export { flagSql } from './repository.js';
