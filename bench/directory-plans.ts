// The People directory's query plans (issue 13, decision 018), printed, never asserted. Creates a throwaway database
// with BENCH_MEMBERS members (default 10,000; cities, ages, interests, photos and bios spread at random, a few
// applicants and deactivated members), then prints EXPLAIN ANALYZE of a first and a later page of each sort, with
// filters and searches. Pages without a search run as the app runs them on PostgreSQL: a prepared statement under
// plan_cache_mode = force_generic_plan; searches with force_custom_plan, as the repository sets for them.
// Run: node --import tsx bench/directory-plans.ts   (BENCH_DATABASE_URL, default the test server on port 54329;
// BENCH_ENGINE=pglite for the embedded engine, whose statements are always planned with their values)
import { openBenchDatabase } from './bench-database.js';
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ALL_INTERESTS, CITIES } from '@bayclub/shared';
import { runMigrations, type Database } from '../apps/server/src/db/client.js';
import { directoryQuery, type DirectoryCursor, type DirectoryFilters } from '../apps/server/src/modules/directory/repository.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const ENGINE = process.env.BENCH_ENGINE ?? 'postgres';
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54329/postgres';
const dialect = new PgDialect();

const open = () => openBenchDatabase(ENGINE === 'pglite' ? undefined : SERVER, 'bayclub_dirplans', { keep: !!process.env.BENCH_KEEP });

const literalArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

async function populate(database: Database) {
  const db = database.db;
  const interests = literalArray(ALL_INTERESTS);
  const cities = literalArray(CITIES);
  await db.execute(sql.raw(`select setseed(0.13)`));
  await db.execute(
    sql.raw(`
    with n as (select g, gen_random_uuid() as id from generate_series(1, ${MEMBERS}) g),
    u as (insert into users (id, name, email) select id, 'Member ' || g, 'dir' || g || '@x.test' from n returning id)
    insert into profiles (id, account_type, application_status, username, full_name, email, city, age, interests,
      is_verified, is_deactivated, profile_picture_url, bio, created_at)
    select n.id,
      case when g % 20 = 0 then 'community_only' else 'full_platform' end,
      case when g % 40 = 0 then 'pending' else 'approved' end,
      'member' || g,
      (array['Ana','Bea','Carla','Dan','Eli','Fay','Gus','Hana','Ivan','Jo','Kai','Lena','Mo','Nia','Omar','Pia'])[1 + (g * 7) % 16]
        || ' ' || (array['Smith','Garcia','Lee','Nguyen','Brown','Davis','Lopez','Clark','Young','King'])[1 + (g * 13) % 10] || ' ' || g,
      'dir' || g || '@x.test',
      (${cities})[1 + floor(random() * 6)::int],
      case when random() < 0.9 then 18 + floor(random() * 50)::int end,
      array(select i from unnest(${interests}) i where random() < 0.08 + 0 * g),
      random() < 0.1, g % 50 = 0,
      case when random() < 0.7 then '/media/profile-pictures/' || n.id || '/profile.webp' end,
      case when random() < 0.5 then 'Bio of member ' || g end,
      now() - (g || ' minutes')::interval - (floor(random() * 1000) || ' microseconds')::interval
    from n
  `),
  );
  // The viewer: a full member with five interests.
  const [viewer] = (await db.execute(sql`select id from profiles where account_type = 'full_platform' and not is_deactivated limit 1`)).rows as Array<{ id: string }>;
  await db.execute(sql`update profiles set interests = array['Yoga','Coffee','Beach','Hiking','Music'] where id = ${viewer!.id}`);
  // VACUUM too: right after a bulk insert the GIN indexes hold a pending list that makes the planner shun them.
  await db.execute(sql`vacuum analyze`);
  return viewer!.id;
}

interface Case {
  name: string;
  filters?: Partial<DirectoryFilters>;
  sort?: 'newest' | 'name' | 'common';
  cursor?: (viewer: string) => Promise<DirectoryCursor | null>;
}

async function explain(database: Database, query: SQL, search: boolean): Promise<string[]> {
  if (database.engine === 'pglite') {
    const res = await database.db.execute(sql`explain (analyze, costs off, timing on, summary on) ${query}`);
    return (res.rows as Array<Record<string, string>>).map((r) => Object.values(r)[0]!);
  }
  // One connection: PREPARE / EXPLAIN EXECUTE show the plan the app's prepared statement gets.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    const { sql: text, params } = dialect.sqlToQuery(query);
    await client.query(`set plan_cache_mode = ${search ? 'force_custom_plan' : 'force_generic_plan'}`);
    await client.query('deallocate all');
    await client.query(`prepare dirplan as ${text}`);
    const values = params.map((p) => (p === null ? 'null' : `'${String(p).replace(/'/g, "''")}'`));
    // Two runs: the second is what a warm server sees.
    await client.query(`explain analyze execute dirplan${values.length ? `(${values.join(',')})` : ''}`);
    const res = await client.query(`explain (analyze, costs off, summary on) execute dirplan${values.length ? `(${values.join(',')})` : ''}`);
    return res.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
  } finally {
    client.release();
  }
}

async function main() {
  const { database, drop } = await open();
  try {
    await runMigrations(database);
    const started = Date.now();
    const viewer = await populate(database);
    console.log(`${ENGINE}: ${MEMBERS} members written in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    const base: DirectoryFilters = { q: '', interests: [], verified: false, hideIncomplete: false };
    const laterPage = (sort: 'newest' | 'name' | 'common') => async (): Promise<DirectoryCursor | null> => {
      // The cursor of the 10th page's last row (row 240), as a member who scrolled far would send.
      const rows = (await database.db.execute(directoryQuery(viewer, base, sort, null, 239))).rows as Array<Record<string, unknown>>;
      const last = rows.at(-2)!;
      if (sort === 'newest') return { s: 'newest', c: last.cursor_at as string, i: last.id as string };
      if (sort === 'name') return { s: 'name', n: last.name_key as string, i: last.id as string };
      return { s: 'common', k: Number(last.common), n: last.name_key as string, i: last.id as string };
    };
    const cases: Case[] = [
      { name: 'newest, first page' },
      { name: 'newest, page 11', cursor: laterPage('newest') },
      { name: 'name A-Z, first page', sort: 'name' },
      { name: 'name A-Z, page 11', sort: 'name', cursor: laterPage('name') },
      { name: 'most in common, first page', sort: 'common' },
      { name: 'most in common, page 11', sort: 'common', cursor: laterPage('common') },
      { name: 'newest, city + interest + age + verified', filters: { city: 'clearwater', interests: ['Poetry'], ageMin: 30, ageMax: 40, verified: true } },
      { name: 'newest, hide incomplete', filters: { hideIncomplete: true } },
      { name: 'search "nia" (common, 3 letters)', filters: { q: 'nia' } },
      { name: 'search "member9876" (rare)', filters: { q: 'member9876' } },
      { name: 'search "lopez 77" (rare, name)', filters: { q: 'lopez 77' } },
      { name: 'search "jo" (2 letters)', filters: { q: 'jo' } },
      { name: 'search "nia", name A-Z', filters: { q: 'nia' }, sort: 'name' },
    ];
    for (const c of cases) {
      const cursor = c.cursor ? await c.cursor(viewer) : null;
      const filters = { ...base, ...c.filters };
      const lines = await explain(database, directoryQuery(viewer, filters, c.sort ?? 'newest', cursor, 24), !!filters.q);
      const indexes = [...new Set(lines.flatMap((l) => [...l.matchAll(/(?:Index|Index Only|Bitmap Index) Scan(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1])))];
      const time = lines.find((l) => /Execution Time/.test(l))?.trim();
      console.log(`== ${c.name}: ${time ?? ''}; indexes: ${indexes.join(', ') || 'none (sequential scan)'}`);
      if (process.env.BENCH_VERBOSE) console.log(lines.join('\n'));
    }
  } finally {
    if (process.env.BENCH_KEEP) console.log('kept the database (BENCH_KEEP)');
    else await drop();
  }
}

await main();
