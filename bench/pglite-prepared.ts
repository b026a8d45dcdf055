// One statement on PGlite, through PGlite's query() (parsed, planned and described every time) and through the app's
// prepared-statement driver (db/pglite-prepared.ts: prepared once, one trip per call), same values, same engine
// (issue 25, decision 037). Printed, never asserted.
// Run: npm run bench:pglite   (BENCH_CALLS, default 3000 per round; 3 rounds)
import { PGlite } from '@electric-sql/pglite';
import { usePreparedStatements } from '../apps/server/src/db/pglite-prepared.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);

// A statement of the profile page's shape: a row by id, a count, an exists, a JSON card.
const STATEMENT = `select m.id, m.name, m.city, m.n,
  (select count(*)::int from likes l where l.post = m.id) as likes,
  exists (select 1 from members b where b.id = m.blocked_by and b.city = $2) as hidden,
  json_build_object('id', m.id, 'name', m.name, 'city', m.city) as card
  from members m where m.id = $1::uuid and m.city is not null`;

async function engine(prepared: boolean): Promise<{ lite: PGlite; ids: string[] }> {
  const lite = await PGlite.create();
  if (prepared) usePreparedStatements(lite);
  await lite.exec(`
    create table members (id uuid primary key default gen_random_uuid(), name text not null, city text, n int not null, blocked_by uuid);
    insert into members (name, city, n)
      select 'member ' || g, case when g % 3 = 0 then 'Tampa' else 'St. Petersburg' end, g from generate_series(1, 20000) g;
    create table likes (post uuid not null, member uuid not null, primary key (post, member));
    insert into likes select m.id, m2.id from (select id from members limit 200) m cross join (select id from members order by n desc limit 20) m2;
    analyze;`);
  const ids = (await lite.query<{ id: string }>('select id from members order by n limit 200')).rows.map((r) => r.id);
  return { lite, ids };
}

async function perCall({ lite, ids }: { lite: PGlite; ids: string[] }): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const { rows } = await lite.query(STATEMENT, [ids[i % ids.length], 'Tampa']);
    if (rows.length !== 1) throw new Error('expected one row');
  }
  return ((performance.now() - started) / CALLS) * 1000;
}

const plain = await engine(false);
const prepared = await engine(true);
console.log(`# PGlite: one statement, ${CALLS} calls per round (query() vs the prepared-statement driver)`);
console.log('| round | query() µs/call | prepared µs/call | time saved |');
console.log('|---|---|---|---|');
for (let round = 1; round <= 3; round++) {
  const a = await perCall(plain);
  const b = await perCall(prepared);
  console.log(`| ${round} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${((1 - b / a) * 100).toFixed(0)}% |`);
}
await plain.lite.close();
await prepared.lite.close();
