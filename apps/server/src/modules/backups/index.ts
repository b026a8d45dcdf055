// Face of the backups module: the running server's backup route, and what `npm run admin -- backup/restore` uses.
export { backupRoutes } from './routes.js';
export { dumpPglite, recordBackup, writeFileAtomically } from './service.js';
export { BackupFileError, restorePglite } from './restore.js';
export { backupFromServer, runningServerEndpoint } from './client.js';
