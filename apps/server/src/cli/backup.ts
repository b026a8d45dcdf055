import { spawn } from 'node:child_process';
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
 * server stopped. PostgreSQL: backup runs pg_dump when it is installed and records the backup (the Overview and
 * Health panels read it); without pg_dump, and for restore (which replaces a live database), the command is printed.
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
    if (command === 'backup') {
      const dumped = await pgDump(config.DATABASE_URL, path.resolve(file), opts.env ?? process.env);
      if (dumped.ok) {
        const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolMax: 1 });
        try {
          await recordBackup(database.db, { engine: 'postgres', file: path.resolve(file), bytes: dumped.bytes });
        } finally {
          await database.close();
        }
        log.log(`Backed up the PostgreSQL database with pg_dump to ${path.resolve(file)} (${mb(dumped.bytes)}).`);
        log.log(STORAGE_NOTE(config));
        return 0;
      }
      if (dumped.reason === 'failed') {
        log.error(`pg_dump failed: ${dumped.message}`);
        return 1;
      }
    }
    // No pg_dump on this machine (or a restore): the command to run. The URL holds the password: the command names
    // the variable, never its value.
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

type PgDumpResult = { ok: true; bytes: number } | { ok: false; reason: 'missing' } | { ok: false; reason: 'failed'; message: string };

/**
 * pg_dump in PostgreSQL's custom format into `file` (through a temporary name, so a failed dump never replaces a good
 * file). The connection goes through libpq's PG* variables, not the command line, where other users of the machine
 * could read the password; pg_dump's error output is cleaned of it too.
 */
async function pgDump(databaseUrl: string, file: string, env: NodeJS.ProcessEnv): Promise<PgDumpResult> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  const partial = `${file}.partial-${process.pid}`;
  const pgEnv: NodeJS.ProcessEnv = {
    PATH: env.PATH ?? process.env.PATH,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username),
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    ...(password ? { PGPASSWORD: password } : {}),
    ...(url.searchParams.get('sslmode') ? { PGSSLMODE: url.searchParams.get('sslmode')! } : {}),
  };
  const result = await new Promise<{ code: number | null; stderr: string } | 'missing'>((resolve) => {
    const child = spawn('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`], { env: pgEnv, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
    child.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ENOENT' ? 'missing' : { code: 1, stderr: err.message }));
    child.on('close', (code) => resolve({ code, stderr }));
  });
  if (result === 'missing') return { ok: false, reason: 'missing' };
  if (result.code !== 0) {
    await fs.rm(partial, { force: true });
    const message = (password ? result.stderr.split(password).join('***') : result.stderr).trim() || `exit code ${result.code}`;
    return { ok: false, reason: 'failed', message };
  }
  await fs.rename(partial, file);
  return { ok: true, bytes: (await fs.stat(file)).size };
}
