import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, runMigrations } from '../db/client.js';
import { DataDirLockedError } from '../db/lock.js';
import {
  BackupFileError,
  backupFromServer,
  dumpPglite,
  recordBackup,
  restorePglite,
  runningServerEndpoint,
  writeFileAtomically,
} from '../modules/backups/index.js';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const STORAGE_NOTE = (config: { storage: string; uploadsDir: string }) =>
  config.storage === 's3'
    ? 'Uploaded files are in your S3 buckets: back them up with your provider (versioning, or `aws s3 sync`); see the README.'
    : `Uploaded files are not in the database: copy the folder ${config.uploadsDir} too (see the README).`;

/**
 * `npm run admin -- backup <file>` and `restore <file>` (issue 23). Answers the exit code. Embedded database: backup
 * asks the running server for a consistent copy (or opens the folder itself when no server runs); restore needs the
 * server stopped. PostgreSQL: both print the pg_dump / pg_restore command to run.
 */
export async function runBackupCommand(
  command: 'backup' | 'restore',
  file: string | undefined,
  opts: { env?: NodeJS.ProcessEnv; log?: Pick<Console, 'log' | 'error'> } = {},
): Promise<number> {
  const log = opts.log ?? console;
  let config;
  try {
    config = loadConfig(opts.env ?? process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      log.error(err.message);
      return 1;
    }
    throw err;
  }
  if (!file) {
    log.error(`Usage: npm run admin -- ${command} <file>`);
    return 1;
  }
  if (config.DATABASE_URL) {
    // The URL holds the password: the command names the variable, never its value.
    if (command === 'backup') {
      log.log('DATABASE_URL is set: back up the PostgreSQL database with pg_dump, for example:');
      log.log(`  pg_dump --format=custom --no-owner --file=${JSON.stringify(file)} "$DATABASE_URL"`);
    } else {
      log.log('DATABASE_URL is set: restore the PostgreSQL database with pg_restore (stop the server first), for example:');
      log.log(`  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${JSON.stringify(file)}`);
    }
    log.log(STORAGE_NOTE(config));
    return 0;
  }

  if (command === 'restore') {
    try {
      const { kept, migrations } = await restorePglite(config.DATA_DIR, file);
      log.log(`Restored ${file} into ${path.join(config.DATA_DIR, 'pglite')} (${migrations} migrations applied).`);
      if (kept) log.log(`The database it replaced is kept in ${kept}; delete that folder once you are happy.`);
      log.log(STORAGE_NOTE(config));
      return 0;
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        log.error(err.message);
        log.error('Restore replaces the whole database: stop the server first (Ctrl+C in its terminal), then run this command again.');
        return 1;
      }
      if (err instanceof BackupFileError) {
        log.error(err.message);
        return 1;
      }
      throw err;
    }
  }

  // Backup: from the running server when there is one (it owns the folder), else straight from the folder.
  const target = path.resolve(file);
  const endpoint = await runningServerEndpoint(config.DATA_DIR);
  if (endpoint) {
    const data = await backupFromServer(endpoint, target);
    await writeFileAtomically(target, data);
    log.log(`Backed up the running server's database to ${target} (${mb(data.length)}).`);
    log.log(STORAGE_NOTE(config));
    return 0;
  }
  let database;
  try {
    await fs.mkdir(config.DATA_DIR, { recursive: true });
    database = await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      log.error(err.message);
      log.error('Another process has the database open and did not offer a backup (an older server, or another command): stop it and try again.');
      return 1;
    }
    throw err;
  }
  try {
    await runMigrations(database);
    const data = await dumpPglite(database);
    await writeFileAtomically(target, data);
    await recordBackup(database.db, { engine: 'pglite', file: target, bytes: data.length });
    log.log(`Backed up the database to ${target} (${mb(data.length)}).`);
    log.log(STORAGE_NOTE(config));
    return 0;
  } finally {
    await database.close();
  }
}
