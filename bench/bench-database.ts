import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { createThrowawayDatabase } from '../apps/server/src/test/server-process.js';

/**
 * The database a plans-and-timings script measures: in-memory PGlite without a server URL, else a throwaway
 * database on that PostgreSQL server (dropped by `drop`, or kept and named when `keep` is set).
 */
export async function openBenchDatabase(
  serverUrl: string | undefined,
  prefix: string,
  opts: { keep?: boolean } = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, drop: () => database.close() };
  }
  const throwaway = await createThrowawayDatabase(serverUrl, prefix);
  const database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolMax: 2 });
  return {
    database,
    async drop() {
      await database.close();
      if (opts.keep) return void console.log(`kept database ${throwaway.url}`);
      await throwaway.drop();
    },
  };
}
