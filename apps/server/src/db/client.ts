import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import * as schema from './schema/index.js';
import { acquireLock, type DirLock } from './lock.js';
import { usePreparedStatements } from './pglite-prepared.js';

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
  /**
   * NOTICEs raised by this process's own statements (PostgreSQL: the pooled connections set bayclub.notices = on,
   * which the database's triggers check), handed over during the statement, before it resolves. PGlite: none (its
   * notifications already arrive before the statement that raised them resolves).
   */
  onStatementNotice(handler: (message: string) => void): () => void;
  /** Called after the LISTEN connection was lost and re-established (notifications in between are lost). */
  onReconnect(handler: () => void): () => void;
  /** Called as soon as the LISTEN connection is lost: until onReconnect, notifications may be missed. */
  onListenerLost(handler: () => void): () => void;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax?: number }
  /** dataDir undefined means an in-memory database (tests); loadDataDir starts it from a dumpDataDir() tarball. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') return openPostgres(opts.url, opts.poolMax ?? 10);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  // bayclub.notices: the triggers of migration 0004 tell these connections, during the statement, what they changed.
  // plan_cache_mode: see prepareStatements.
  const options = withOption(url, '-c bayclub.notices=on -c plan_cache_mode=force_generic_plan');
  const pool = new pg.Pool({ connectionString: url, max: poolMax, options });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const noticeHandlers = new Set<(message: string) => void>();
  pool.on('connect', (client) => {
    client.on('notice', (notice) => noticeHandlers.forEach((h) => h(notice.message ?? '')));
    prepareStatements(client);
  });
  const db = drizzlePg({ client: pool, schema });
  await pool.query('select 1');
  // One dedicated connection runs every LISTEN of this process. When it drops (server restart, network),
  // it is re-established with growing waits and every channel is listened to again; onReconnect callbacks
  // learn of the gap, since notifications sent meanwhile are lost.
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let failures = 0;
  const handlers = new Map<string, Set<(p: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  const lostHandlers = new Set<() => void>();
  const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`;

  const connectListener = (): Promise<pg.Client> => {
    if (listener) return Promise.resolve(listener);
    connecting ??= (async () => {
      // keepAlive: a LISTEN connection that dies silently (NAT timeout, failover) is noticed by the OS.
      const client = new pg.Client({ connectionString: url, keepAlive: true });
      client.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
      const lost = () => {
        if (listener !== client) return;
        listener = null;
        lostHandlers.forEach((h) => h());
        client.end().catch(() => {});
        if (!closed) scheduleReconnect();
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${quote(channel)}`);
      listener = client;
      failures = 0;
      return client;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const scheduleReconnect = () => {
    const wait = Math.min(200 * 2 ** failures, 5000);
    failures += 1;
    setTimeout(() => {
      if (closed) return;
      connectListener().then(
        () => reconnectHandlers.forEach((h) => h()),
        () => scheduleReconnect(),
      );
    }, wait).unref();
  };

  return {
    db,
    engine: 'postgres',
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onPayload);
      const client = await connectListener();
      if (isNew) await client.query(`LISTEN ${quote(channel)}`);
      return async () => {
        set!.delete(onPayload);
      };
    },
    onStatementNotice(handler) {
      noticeHandlers.add(handler);
      return () => noticeHandlers.delete(handler);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    onListenerLost(handler) {
      lostHandlers.add(handler);
      return () => lostHandlers.delete(handler);
    },
    async close() {
      closed = true;
      const l = listener;
      listener = null;
      await l?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** The URL's own `options` parameter (if any) plus ours: a config `options` would replace the URL's. */
function withOption(url: string, option: string) {
  let own: string | null = null;
  try {
    own = new URL(url).searchParams.get('options');
  } catch {
    /* not a URL the WHATWG parser reads: no options of its own to keep */
  }
  return own ? `${own} ${option}` : option;
}

/** Distinct statements one connection keeps prepared; beyond this (SQL built with varying shapes) they run unnamed. */
const PREPARED_PER_CONNECTION = 500;
const statementNames = new Map<string, string>();

/**
 * Every parameterized statement runs as a named prepared statement, its name derived from its text: PostgreSQL
 * parses and plans it once per connection (plan_cache_mode = force_generic_plan on these connections) and reuses the
 * plan. Planning, not executing, was most of the database's time for the inbox query (2.4 ms of 2.8 ms), and the
 * default mode went back to planning it on every execution once statistics made the generic plan look dearer.
 * Our statements are lookups by id and keyset pages, whose best plan does not depend on the values; a query whose
 * plan must (a search pattern, a skewed status) would need its own treatment (decision 010). Statements without
 * parameters (migrations, LISTEN, BEGIN/COMMIT) keep the simple protocol, which also allows several statements.
 */
function prepareStatements(client: pg.PoolClient) {
  const prepared = new Set<string>();
  // Looked up on each call, not bound once: instrumentStatements may wrap the prototype's query later.
  const query = (...args: unknown[]) => (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(client, args);
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, values?: unknown, ...rest: unknown[]) => {
    if (
      typeof config === 'object' &&
      config !== null &&
      !('name' in config && (config as { name?: string }).name) &&
      typeof (config as { text?: unknown }).text === 'string' &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const text = (config as { text: string }).text;
      let name = statementNames.get(text);
      if (!name) {
        name = `s_${crypto.createHash('sha1').update(text).digest('base64url')}`;
        if (statementNames.size < 10 * PREPARED_PER_CONNECTION) statementNames.set(text, name);
      }
      if (prepared.has(name) || prepared.size < PREPARED_PER_CONNECTION) {
        prepared.add(name);
        return query({ ...config, name }, values, ...rest);
      }
    }
    return query(config, values, ...rest);
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  let lock: DirLock | null = null;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireLock(dataDir);
  }
  try {
    const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
      // pg_trgm: search's trigram indexes; unaccent: bayclub_fold, accent-insensitive search (migration 0024).
      extensions: { pg_trgm, unaccent },
      loadDataDir,
    });
    usePreparedStatements(client);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db,
      engine: 'pglite',
      async listen(channel, onPayload) {
        const unsub = await client.listen(channel, onPayload);
        return async () => unsub();
      },
      // One connection, whose notifications are dispatched before the statement that raised them resolves.
      onStatementNotice: () => () => {},
      // In-process: the listener cannot be lost.
      onReconnect: () => () => {},
      onListenerLost: () => () => {},
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

/**
 * A query built once per database (or transaction) and reused: for reads on every request's path, where drizzle
 * building the SQL costs more CPU than PostgreSQL spends answering it. `build` gets the database and returns
 * drizzle's `.prepare()` of a query with `sql.placeholder`s.
 */
export function reusedQuery<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

/** Apply the committed migrations; returns how many have been applied in total. */
/** Any constant: the advisory lock that lets one server process at a time apply migrations. */
const MIGRATION_LOCK = 4_242_000;

/**
 * Apply the committed migrations; returns how many have been applied in total. On a PostgreSQL server several
 * processes may start at once (a rolling deploy, two instances): drizzle's migrator takes no lock, so they wait
 * for one another on an advisory lock held on one dedicated connection, and the later ones find nothing to do.
 */
export async function runMigrations(database: Database): Promise<number> {
  if (database.engine === 'postgres') {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  } else await migratePglite(database.db as never, { migrationsFolder });
  return countMigrations(database);
}

export async function countMigrations(database: Database): Promise<number> {
  const res = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  // db stands below platform/sql.ts (rowsOf), so the row is checked here with zod directly.
  return migrationCount.parse(res).rows[0]?.n ?? 0;
}

export { schema };

const migrationCount = z.object({ rows: z.array(z.object({ n: z.number().int() })) });

/**
 * Benchmark only (BENCH_COUNT_SQL): call `count` for every statement this process sends, BEGIN and COMMIT included,
 * so a request's round trips can be counted. Never installed otherwise: the drivers stay untouched.
 */
export function instrumentStatements(database: Database, count: () => void) {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.engine === 'postgres') {
    // pool.query and transactions both end in Client#query (the LISTEN connection's queries run outside requests).
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      count();
      return original.apply(this, args);
    };
    return;
  }
  const lite = client as PGlite;
  const wrap = <T extends (...args: never[]) => unknown>(fn: T): T =>
    ((...args: Parameters<T>) => {
      count();
      return fn(...args);
    }) as T;
  const query = lite.query.bind(lite);
  const exec = lite.exec.bind(lite);
  const transaction = lite.transaction.bind(lite);
  lite.query = wrap(query);
  lite.exec = wrap(exec);
  lite.transaction = ((fn: Parameters<PGlite['transaction']>[0]) => {
    count(); // BEGIN
    return transaction(async (tx) => {
      const counted = Object.create(tx) as typeof tx;
      counted.query = wrap(tx.query.bind(tx));
      counted.exec = wrap(tx.exec.bind(tx));
      const result = await fn(counted);
      count(); // COMMIT
      return result;
    });
  }) as PGlite['transaction'];
}
