/**
 * The Home feed's two possible shapes, measured on a generated data set (10,000 members, 200 communities,
 * 200,000 posts): per-community LATERAL scans merged (what modules/posts/repository.ts feedSql runs) against one
 * walk down a (created_at, id) index filtered by membership (feedSqlSingleWalk, with that index created here only).
 *
 *   node --import tsx bench/feed-explain.ts                      # PGlite (in memory)
 *   FEED_DATABASE_URL=postgres://postgres@127.0.0.1:54329/postgres node --import tsx bench/feed-explain.ts
 *
 * Prints the median execution time of each shape (as the app runs it: see time()) for readers in 1, 3, 20 and 100 communities, first page and a
 * page deep in the feed, and the plan of the LATERAL shape. Measured, never asserted.
 */
import { openBenchDatabase } from './bench-database.js';
import crypto from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { runMigrations, type Database } from '../apps/server/src/db/client.js';
import { feedSql, feedSqlSingleWalk, type Reader } from '../apps/server/src/modules/posts/repository.js';

const POSTS = Number(process.env.FEED_POSTS ?? 200_000);
const MEMBERS = 10_000;
const COMMUNITIES = 200;
const RUNS = 15;

const open = () => openBenchDatabase(process.env.FEED_DATABASE_URL, 'bayclub_feed', { keep: !!process.env.FEED_KEEP });

async function generate(database: Database) {
  const db = database.db;
  const run = (q: string) => db.execute(sql.raw(q));
  await run(`insert into users (id, name, email) select gen_random_uuid(), 'm' || g, 'm' || g || '@bench.example' from generate_series(1, ${MEMBERS}) g`);
  await run(`insert into profiles (id, account_type, full_name, username, application_status) select id, 'full_platform', name, name, 'approved' from users`);
  await run(`insert into communities (name, url_slug, visibility) select 'Community ' || g, 'bench-' || g, 'public' from generate_series(1, ${COMMUNITIES}) g`);
  // Every member in three communities (popularity skewed towards the first ones). The community number is drawn
  // once per row in a subquery: a volatile random() in a join condition would be drawn per candidate pair.
  await run(`insert into community_members (community_id, user_id, role, status)
    select c.id, d.user_id, 'member', 'active'
    from (select u.id as user_id, 1 + floor(power(random(), 2) * ${COMMUNITIES})::int as cn from users u cross join generate_series(1, 3) k) d
    join (select id, row_number() over (order by name) as n from communities) c on c.n = d.cn
    on conflict do nothing`);
  // 95% of posts in communities (skewed), 5% member-wide, over a year.
  await run(`insert into posts (author_id, community_id, content, created_at)
    select u.id, case when d.wide then null else c.id end, 'Post ' || d.g, d.at
    from (select g, 1 + (g * 7919) % ${MEMBERS} as un, 1 + floor(power(random(), 2) * ${COMMUNITIES})::int as cn,
            random() < 0.05 as wide, now() - random() * interval '365 days' as at
          from generate_series(1, ${POSTS}) g) d
    join (select id, row_number() over (order by id) as n from users) u on u.n = d.un
    join (select id, row_number() over (order by name) as n from communities) c on c.n = d.cn`);
  await run(`insert into post_likes (post_id, user_id)
    select p.id, u.id from (select id, 1 + floor(random() * ${MEMBERS})::int as un from posts where random() < 0.5) p
    join (select id, row_number() over (order by id) as n from users) u on u.n = p.un on conflict do nothing`);
  await run('analyze');
}

/** A reader in `n` communities (the least popular ones last, so readers of quiet communities are measured too). */
async function readerIn(database: Database, n: number, quiet: boolean): Promise<Reader> {
  const db = database.db;
  const id = crypto.randomUUID();
  await db.execute(sql`insert into users (id, name, email) values (${id}::uuid, ${`reader-${id}`}, ${`${id}@bench.example`})`);
  await db.execute(sql`insert into profiles (id, account_type, full_name, username) values (${id}::uuid, 'full_platform', 'Reader', ${`r${id.slice(0, 8)}`})`);
  await db.execute(sql`insert into community_members (community_id, user_id, role, status)
    select id, ${id}::uuid, 'member', 'active' from communities order by name ${quiet ? sql`desc` : sql`asc`} limit ${n}`);
  return { userId: id, admin: false, platformModerator: false };
}

/** The Execution Time of an EXPLAIN (ANALYZE, FORMAT JSON) answer, whichever way the driver hands it over. */
function executionTime(rows: Array<Record<string, unknown>>): number {
  const json = Object.values(rows[0]!)[0] as string | Array<{ 'Execution Time': number }>;
  const parsed = typeof json === 'string' ? (JSON.parse(json) as Array<{ 'Execution Time': number }>) : json;
  return parsed[0]!['Execution Time'];
}

const literal = (v: unknown) => (v === null ? 'null' : typeof v === 'boolean' || typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
let statements = 0;

/**
 * Median server-side execution time (EXPLAIN ANALYZE) of the statement as the app runs it. PostgreSQL: the app's
 * connections run named prepared statements with plan_cache_mode = force_generic_plan (db/client.ts), so the
 * statement is PREPAREd and EXECUTEd here the same way and the generic plan is measured. PGlite: the plan for
 * the values (unnamed statements). Server time, not wall time: the machine is shared, round trips are not the
 * question.
 */
async function time(database: Database, query: SQL): Promise<number> {
  const samples: number[] = [];
  if (database.engine === 'postgres') {
    const { sql: text, params } = new PgDialect().sqlToQuery(query);
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    const name = `feed_${(statements += 1)}`;
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(`prepare ${name} as ${text}`);
      const execute = `execute ${name}(${params.map(literal).join(', ')})`;
      for (let i = 0; i < RUNS; i++) samples.push(executionTime((await client.query(`explain (analyze, format json) ${execute}`)).rows));
      await client.query(`deallocate ${name}`);
    } finally {
      client.release();
    }
  } else {
    for (let i = 0; i < RUNS; i++) {
      const res = await database.db.execute(sql`explain (analyze, format json) ${query.inlineParams()}`);
      samples.push(executionTime((res as unknown as { rows: Array<Record<string, unknown>> }).rows));
    }
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function main() {
  const { database, drop } = await open();
  try {
    await runMigrations(database);
    const started = Date.now();
    await generate(database);
    console.log(`${database.engine}: ${POSTS} posts, ${MEMBERS} members, ${COMMUNITIES} communities generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const deep = { c: new Date(Date.now() - 200 * 86_400_000).toISOString(), i: 'ffffffff-ffff-4fff-bfff-ffffffffffff' };
    const cases = [[1, false], [3, false], [3, true], [20, false], [100, false]] as const;
    const readers = [];
    for (const [n, quiet] of cases) readers.push({ n, quiet, reader: await readerIn(database, n, quiet) });
    await database.db.execute(sql`analyze`);
    const lateral = new Map<string, number>();
    for (const r of readers) for (const [label, cursor] of [['first', null], ['deep', deep]] as const) {
      lateral.set(`${r.n}${r.quiet}${label}`, await time(database, feedSql(r.reader, cursor, 20)));
    }
    // The single walk needs an index of all posts by time, which the schema does not have (the LATERAL shape does
    // not use one): created for this comparison only, after the LATERAL runs so they could not pick it.
    await database.db.execute(sql`create index bench_posts_created_idx on posts (created_at desc nulls last, id desc nulls last)`);
    await database.db.execute(sql`analyze posts`);
    console.log('communities  quiet  page    lateral ms  single-walk ms');
    for (const r of readers) for (const [label, cursor] of [['first', null], ['deep', deep]] as const) {
      const single = await time(database, feedSqlSingleWalk(r.reader, cursor, 20));
      const lat = lateral.get(`${r.n}${r.quiet}${label}`)!;
      console.log(`${String(r.n).padStart(11)}  ${r.quiet ? 'yes' : 'no '}    ${label.padEnd(5)}  ${lat.toFixed(2).padStart(10)}  ${single.toFixed(2).padStart(14)}`);
    }
    await database.db.execute(sql`drop index bench_posts_created_idx`);
    const reader = readers.find((r) => r.n === 20)!.reader;
    if (process.env.FEED_KEEP) console.log('readers', JSON.stringify(readers.map((r) => [r.n, r.quiet, r.reader.userId])));
    const planDeep = process.env.FEED_PLAN === 'deep';
    const plan = await database.db.execute(sql`explain (analyze, costs off, timing off) ${feedSql(reader, planDeep ? deep : null, 20).inlineParams()}`);
    console.log(`\nLATERAL plan, reader in 20 communities, ${planDeep ? 'a deep page' : 'first page'}:`);
    for (const row of (plan as unknown as { rows: Array<Record<string, string>> }).rows) console.log(`  ${Object.values(row)[0]}`);
  } finally {
    await drop();
  }
}

await main();
