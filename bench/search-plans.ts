// Global search's query plans (issue 13, decision 017), printed, never asserted. Creates a throwaway database with
// the bench data of `npm run bench:http` (bench/feed-data.ts at BENCH_POSTS posts, default 100,000; events-data.ts;
// search-data.ts: 10,000 members, 1,000 communities, 10,000 events), then prints EXPLAIN ANALYZE of the search
// statement for rare, common and misspelled terms of 3 to 10 letters, as the app runs it (planned for its values:
// the repository's transaction sets force_custom_plan), with the indexes each plan uses, its execution time and the
// time of the whole search as the service runs it (five statements, planning included), medians of BENCH_RUNS (5).
// Run: node --import tsx bench/search-plans.ts   (BENCH_DATABASE_URL, default the test server on port 54330;
// BENCH_ENGINE=pglite for the embedded engine; BENCH_KEEP=1 keeps the database; BENCH_VERBOSE=1 prints the plans)
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations, type Database } from '../apps/server/src/db/client.js';
import { feedDataStatements } from './feed-data.js';
import { eventsDataStatements } from './events-data.js';
import { SEARCH_TERMS, searchDataStatements } from './search-data.js';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SEARCH_LIMITS, clubStartOfToday, searchWords } from '@bayclub/shared';
import { foldedQuery, searchSql, type SearchPlan } from '../apps/server/src/modules/search/repository.js';
import { wholeWordPattern, wordPatterns } from '../apps/server/src/modules/search/service.js';
import type { SQL } from 'drizzle-orm';

const ENGINE = process.env.BENCH_ENGINE ?? 'postgres';
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';
const EXISTING = process.env.BENCH_EXISTING_URL;

async function open(): Promise<{ database: Database; drop: () => Promise<void>; fresh: boolean }> {
  if (EXISTING) {
    const database = await openDatabase({ kind: 'postgres', url: EXISTING, poolMax: 2 });
    return { database, drop: () => database.close(), fresh: false };
  }
  if (ENGINE === 'pglite') {
    const dataDir = process.env.BENCH_PGLITE_DIR;
    const database = await openDatabase({ kind: 'pglite', dataDir });
    return { database, drop: () => database.close(), fresh: true };
  }
  const name = `bayclub_searchplans_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 });
  console.log(`database ${url.toString()}`);
  return {
    database,
    fresh: true,
    drop: async () => {
      await database.close();
      if (process.env.BENCH_KEEP) return console.log('kept the database (BENCH_KEEP)');
      const c = new pg.Client({ connectionString: SERVER });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The bench reader: a full member (what the API's apply + approve would write), member of a few communities. */
async function populate(database: Database): Promise<string> {
  const db = database.db;
  const reader = crypto.randomUUID();
  await db.execute(sql`insert into users (id, name, email, email_verified) values (${reader}, 'Bench Reader', 'reader@bench.invalid', true)`);
  await db.execute(sql`insert into profiles (id, account_type, application_status, username, full_name, email, city)
    values (${reader}, 'full_platform', 'approved', 'benchreader', 'Bench Reader', 'reader@bench.invalid', 'tampa')`);
  const statements = [...feedDataStatements(reader), ...eventsDataStatements(reader), ...searchDataStatements()];
  for (const statement of statements) {
    const t = Date.now();
    await db.execute(sql.raw(statement));
    if (process.env.BENCH_VERBOSE) console.log(`${((Date.now() - t) / 1000).toFixed(1)} s: ${statement.slice(0, 60).replace(/\s+/g, ' ')}`);
  }
  return reader;
}

const dialect = new PgDialect();

/** The plan the service would search with (the query folded and the lexicon asked the same way). */
async function planFor(database: Database, reader: string, q: string): Promise<SearchPlan> {
  const folded = await foldedQuery(database.db, q, searchWords(q));
  return {
    q: folded.q,
    wordPatterns: wordPatterns(folded.words, folded.alternatives),
    wholeWord: wholeWordPattern(folded.q),
    searcherId: reader,
    users: true,
    communities: true,
    places: true,
    events: { userId: reader, approved: true, admin: false },
    posts: Array.from(q).length >= SEARCH_LIMITS.postsMinLength ? { userId: reader, admin: false, platformModerator: false } : null,
    today: clubStartOfToday(),
    cap: SEARCH_LIMITS.countCap,
    perType: SEARCH_LIMITS.perType,
  };
}

async function countsFor(database: Database, plan: SearchPlan): Promise<string> {
  const rows = (await database.db.execute(searchSql(plan))).rows as Array<{ type: string; total: number | string }>;
  const counts = new Map(rows.map((r) => [r.type, Number(r.total)]));
  return ['user', 'community', 'event', 'post'].map((t) => `${t} ${counts.get(t) ?? 0}`).join(', ');
}

/** Issue 26: queries with and without accents (the text is folded on both sides, through the same indexes). */
const ACCENTED_TERMS = { accents: ['café', 'flamingó', 'pélican', 'tampa café', 'josé núñez'] };

/** Runs per term (the machine is shared: a median says more than one run). */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** Execution times (EXPLAIN ANALYZE without per-node timing, whose clock reads slow a plan down) of `runs` runs. */
async function executionTimes(database: Database, query: SQL, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const lines = await explain(database, query, 'analyze, timing off, costs off, summary on');
    times.push(Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? NaN));
  }
  return times;
}

/**
 * The whole search as the service runs it (BEGIN, set_config, the lexicon, the search, COMMIT), timed from here:
 * planning and round trips included, HTTP and the session not.
 */
async function serviceTimes(database: Database, plan: SearchPlan, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('plan_cache_mode', 'force_custom_plan', true), set_config('jit', 'off', true)`);
      await foldedQuery(tx, plan.q, searchWords(plan.q));
      await tx.execute(searchSql(plan));
    });
    times.push(performance.now() - started);
  }
  return times;
}

/** EXPLAIN ANALYZE as the app runs it: a prepared statement planned for its values (force_custom_plan). */
async function explain(database: Database, query: SQL, options = 'analyze, costs off, timing on, summary on'): Promise<string[]> {
  if (database.engine === 'pglite') {
    const res = await database.db.execute(sql`explain (${sql.raw(options)}) ${query}`);
    return (res.rows as Array<Record<string, string>>).map((r) => Object.values(r)[0]!);
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    const { sql: text, params } = dialect.sqlToQuery(query);
    await client.query('set plan_cache_mode = force_custom_plan');
    await client.query('set jit = off');
    await client.query(`prepare searchplan as ${text}`);
    const values = params.map((p) => (p === null ? 'null' : `'${String(p).replace(/'/g, "''")}'`));
    const args = values.length ? `(${values.join(',')})` : '';
    // Two runs: the second is what a warm server sees.
    await client.query(`explain analyze execute searchplan${args}`);
    const res = await client.query(`explain (${options}) execute searchplan${args}`);
    await client.query('deallocate searchplan');
    return res.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
  } finally {
    client.release();
  }
}

async function main() {
  const { database, drop, fresh } = await open();
  try {
    let reader: string;
    if (fresh) {
      await runMigrations(database);
      const started = Date.now();
      reader = await populate(database);
      console.log(`${ENGINE}: data written in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    } else {
      const [row] = (await database.db.execute(sql`select id from profiles where username = 'benchreader'`)).rows as Array<{ id: string }>;
      reader = row!.id;
    }
    for (const [kind, terms] of Object.entries({ ...SEARCH_TERMS, ...ACCENTED_TERMS })) {
      for (const q of terms) {
        const plan = await planFor(database, reader, q);
        const lines = await explain(database, searchSql(plan));
        const times = await executionTimes(database, searchSql(plan), RUNS);
        const indexes = [...new Set(lines.flatMap((l) => [...l.matchAll(/(?:Index|Index Only|Bitmap Index) Scan(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1])))];
        const seq = [...new Set(lines.flatMap((l) => [...l.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1])))];
        const counts = await countsFor(database, plan);
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
        const service = await serviceTimes(database, plan, RUNS);
        console.log(
          `== ${kind} "${q}": execution ${median(times).toFixed(1)} ms, as the service runs it ${median(service).toFixed(1)} ms ` +
            `(medians of ${times.length}); counts ${counts}; typo words ${plan.wordPatterns.join(' ') || '-'}`,
        );
        console.log(`   indexes: ${indexes.join(', ') || 'none'}${seq.length ? `; sequential scans: ${seq.join(', ')}` : ''}`);
        if (process.env.BENCH_VERBOSE) console.log(lines.join('\n'));
      }
    }
  } finally {
    await drop();
  }
}

await main();
