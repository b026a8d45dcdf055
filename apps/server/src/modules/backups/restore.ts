import fs from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, runMigrations } from '../../db/client.js';
import { acquireLock } from '../../db/lock.js';
import { looksLikeBackup } from './service.js';

export class BackupFileError extends Error {}

/**
 * Replace the embedded database in `dataDir` with a backup (the server must be stopped: the folder's lock refuses
 * otherwise). The current folder is kept beside it as pglite-before-restore-<time> until the restore has opened and
 * migrated; if anything fails it is put back. Answers where the previous folder was kept.
 */
export async function restorePglite(dataDir: string, file: string): Promise<{ kept: string | null; migrations: number }> {
  const data = await fs.readFile(file).catch(() => {
    throw new BackupFileError(`Cannot read ${file}.`);
  });
  if (!looksLikeBackup(data)) throw new BackupFileError(`${file} is not a Bay Club backup (a gzipped PGlite data folder).`);
  await fs.mkdir(dataDir, { recursive: true });
  const folder = path.join(dataDir, 'pglite');
  const kept = path.join(dataDir, `pglite-before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  // Throws DataDirLockedError while a server (or another command) has the folder open.
  const lock = acquireLock(dataDir);
  let moved = false;
  try {
    if (await fs.stat(folder).then(() => true, () => false)) {
      await fs.rename(folder, kept);
      moved = true;
    }
  } finally {
    lock.release();
  }
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: new Blob([data]) });
    try {
      const migrations = await runMigrations(database);
      return { kept: moved ? kept : null, migrations };
    } finally {
      await database.close();
    }
  } catch (err) {
    await fs.rm(folder, { recursive: true, force: true });
    if (moved) await fs.rename(kept, folder);
    throw err;
  }
}
