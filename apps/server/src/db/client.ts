import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';
import { acquireLock, type DirLock } from './lock.js';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Drizzle over either engine; the query API is the same, so code is written against PgDatabase. */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  /** Run LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax?: number }
  /** dataDir undefined means an in-memory database (tests). */
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') return openPostgres(opts.url, opts.poolMax ?? 10);
  return openPglite(opts.dataDir);
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  await pool.query('select 1');
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(p: string) => void>>();
  return {
    db,
    engine: 'postgres',
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        listener.on('error', () => {});
        await listener.connect();
        listener.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      }
      set.add(onPayload);
      return async () => {
        set!.delete(onPayload);
      };
    },
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let lock: DirLock | null = null;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireLock(dataDir);
  }
  try {
    const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
      extensions: { pg_trgm },
    });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db,
      engine: 'pglite',
      async listen(channel, onPayload) {
        const unsub = await client.listen(channel, onPayload);
        return async () => unsub();
      },
      async close() {
        await client.close();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/** Apply the committed migrations; returns how many have been applied in total. */
export async function runMigrations(database: Database): Promise<number> {
  if (database.engine === 'postgres') await migratePg(database.db, { migrationsFolder });
  else await migratePglite(database.db as never, { migrationsFolder });
  return countMigrations(database);
}

export async function countMigrations(database: Database): Promise<number> {
  const res = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  const rows = (res as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

export { schema };
