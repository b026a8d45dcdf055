import { loadConfig, ConfigError } from '../config.js';
import { openDatabase, runMigrations, type Database } from '../db/client.js';
import { DataDirLockedError } from '../db/lock.js';
import { addressToPrint, readServerAddress } from './address.js';

/**
 * Open the configured database for a command-line tool (migrated), or exit with a clear message. `publicUrl` is
 * where members reach the app (see addressToPrint), for the links a command prints.
 */
export async function openCliDatabase(): Promise<{ database: Database; publicUrl: string }> {
  try {
    const config = loadConfig();
    const database = await openDatabase(
      config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR },
    );
    await runMigrations(database);
    const announced = config.DATABASE_URL ? null : await readServerAddress(config.DATA_DIR);
    const publicUrl = addressToPrint(process.env, config.publicUrl, announced);
    return { database, publicUrl };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    if (err instanceof DataDirLockedError) {
      // Issue 21: the embedded database has one opener; a running server holds it.
      console.error(err.message);
      console.error(
        'If that is the Bay Club server (npm start or npm run dev), stop it first (Ctrl+C in its terminal), run this command ' +
          'again, then start the server.',
      );
      process.exit(1);
    }
    throw err;
  }
}
