import { loadConfig, ConfigError } from '../config.js';
import { openDatabase, runMigrations, type Database } from '../db/client.js';
import { DataDirLockedError } from '../db/lock.js';

/** Open the configured database for a command-line tool (migrated), or exit with a clear message. */
export async function openCliDatabase(): Promise<{ database: Database; publicUrl: string }> {
  try {
    const config = loadConfig();
    const database = await openDatabase(
      config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR },
    );
    await runMigrations(database);
    return { database, publicUrl: config.publicUrl };
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
