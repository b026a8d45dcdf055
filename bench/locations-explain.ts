/**
 * The locations queries on the bench data set (bench/locations-data.ts: 10,000 members, 500 places, 200,000
 * check-ins): the "near me" list with here-now counts, the place page and a member's check-ins, timed as the app
 * runs them, with their plans. Measured, never asserted.
 *
 *   node --import tsx bench/locations-explain.ts                                  # PGlite (in memory)
 *   LOCATIONS_DATABASE_URL=postgres://postgres@127.0.0.1:54330/postgres node --import tsx bench/locations-explain.ts
 */
import { openBenchDatabase } from './bench-database.js';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { runMigrations, type Database } from '../apps/server/src/db/client.js';
import { findLocationPage, locationPageQuery, locationsListQuery } from '../apps/server/src/modules/locations/repository.js';
import { BENCH_POSITION, benchLocationId, locationsDataStatements } from './locations-data.js';
import { benchUuid } from './events-data.js';

const RUNS = 15;

const open = () => openBenchDatabase(process.env.LOCATIONS_DATABASE_URL, 'bayclub_locations');

const dialect = new PgDialect();
const rowsOf = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[]));

async function time(database: Database, label: string, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[RUNS >> 1]!.toFixed(2)} ms (min ${times[0]!.toFixed(2)}, max ${times[RUNS - 1]!.toFixed(2)})`);
}

/** The statement with its parameters written in (EXPLAIN takes no parameters). */
const inline = (text: string, params: unknown[]) =>
  text.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = params[Number(n) - 1];
    return typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });

async function plan(database: Database, label: string, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const inlined = inline(text, params);
  const out = rowsOf(await database.db.execute(sql.raw(`explain (analyze, buffers off, costs off) ${inlined}`))) as Array<Record<string, string>>;
  console.log(`\n-- ${label}\n${out.map((r) => Object.values(r)[0]).join('\n')}`);
}

const { database, drop } = await open();
try {
  await runMigrations(database);
  const t = performance.now();
  for (const statement of locationsDataStatements()) await database.db.execute(sql.raw(statement));
  console.log(`data written in ${((performance.now() - t) / 1000).toFixed(1)} s (${database.engine})`);
  const viewer = benchUuid('bench-member-4242');
  const near = { lat: BENCH_POSITION.lat, lng: BENCH_POSITION.lng };
  const list = locationsListQuery(viewer, { near, inactive: 'none' }, null, 20);
  const byName = locationsListQuery(viewer, { city: 'tampa', inactive: 'none' }, null, 20);
  await time(database, 'near me, first 20', () => database.db.execute(list));
  await time(database, 'by name in a city, first 20', () => database.db.execute(byName));
  await time(database, 'place page', () => findLocationPage(database.db, benchLocationId(1), viewer));
  if (process.env.LOCATIONS_PLANS !== 'summary') {
    await plan(database, 'near me', list);
    await plan(database, 'place page', locationPageQuery(benchLocationId(1), viewer));
  }
  for (let i = 0; i < 3; i++) {
    for (const [label, q] of [['near me', list], ['place page', locationPageQuery(benchLocationId(1), viewer)]] as const) {
      const { sql: text, params } = dialect.sqlToQuery(q);
      const out = rowsOf(await database.db.execute(sql.raw(`explain (analyze, summary, timing off, costs off) ${inline(text, params)}`))) as Array<Record<string, string>>;
      console.log(`${label}: ${out.map((r) => Object.values(r)[0]).filter((l) => /Planning|Execution/.test(l)).join(', ')}`);
    }
  }
} finally {
  await drop();
}
