// The cost of a request (issue 9), printed, never asserted: `npm run bench:http`.
//
// For each engine (PGlite in a temporary data folder; PostgreSQL in a throwaway database on BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:54329/postgres, skipped with a note when none answers):
//  1. the app starts as its own process (apps/server/src/main.ts) with BENCH_COUNT_SQL=1, and the world of
//     bench/http-scenarios.ts is built through the API (applications, an admin's approvals, matches, messages);
//     each scenario's request is sent a few times one after another and the server's statement count header read;
//  2. the app restarts without counting (AsyncLocalStorage slows every promise on Node 20), next to a process that
//     serves an empty Fastify route; both are pinned to CPU 0 and this load generator to CPU 1 (taskset; without it,
//     nothing is pinned and the table says so);
//  3. each scenario is warmed up, then runs its rounds, each right after a run of the empty route (autocannon, 50
//     connections, or the scenario's own `connections`, for both); reads run before writes, whose rows would
//     otherwise change what the reads measure. The table shows the median of the rounds: req/s, p50, p95, p99 (from
//     every response's time), non-2xx answers, statements per request, the ratio to the empty route measured just
//     before it, and the empty route's own req/s and p99 (the floor the machine allows).
// Ratios are what to compare between runs: the machine is shared and absolute numbers move with its load. On
// PostgreSQL the table also says whether issue 9's target for the request was met.
//
// Adding a page: one entry in `scenarios` (bench/http-scenarios.ts), with a setup through the API when it needs data
// (and `bulk` statements when it needs more than the API can write in minutes: the feed's 200,000 posts).
// Settings: BENCH_ENGINES (pglite,postgres), BENCH_SECONDS (5 per run), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50),
// BENCH_WARMUP (2 seconds per scenario before the rounds), BENCH_ONLY (substrings of scenario names, comma-separated),
// BENCH_CPU_PROF (a folder: each app process writes a V8 CPU profile there when it stops; the last one is the measured app).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import {
  createThrowawayDatabase,
  freePort,
  startHealthyServer,
  type ServerProcess,
  type ThrowawayDatabase,
} from '../apps/server/src/test/server-process.js';
import { repoRoot } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { buildWorld, scenarios, type Scenario, type World } from './http-scenarios.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = num('BENCH_SECONDS', 5);
const ROUNDS = num('BENCH_ROUNDS', 3);
const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
const WARMUP = num('BENCH_WARMUP', 2);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const ONLY = process.env.BENCH_ONLY;
/** The header the app answers with BENCH_COUNT_SQL=1 (platform/statement-count.ts). */
const COUNT_HEADER = 'x-bench-sql-statements';
const SEQUENTIAL_COUNTS = 5;

const selected = ONLY ? scenarios.filter((s) => ONLY.split(',').some((part) => s.name.includes(part))) : scenarios;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

// ---------------------------------------------------------------------------------------------
// Pinning: the app and the empty route on CPU 0, this process (the load generator) on CPU 1.

const canPin = os.cpus().length >= 2 && spawnSync('taskset', ['-p', String(process.pid)]).status === 0;
/** Every thread of the process (-a); threads started later inherit the main thread's CPU. */
function pin(pid: number, cpu: number) {
  if (canPin) spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

// ---------------------------------------------------------------------------------------------
// The empty route, in its own process.

const EMPTY_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
`;

async function startEmptyServer(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', EMPTY_SERVER], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  pin(child.pid!, 0);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the empty route server exited with ${code}`)));
  });
  pin(child.pid!, 0);
  return { child, base: `http://127.0.0.1:${port}` };
}

// ---------------------------------------------------------------------------------------------
// Measuring.

interface Run {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The value below which `q` of the sorted times fall (nearest rank). */
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

async function load(base: string, request: AutocannonRequest, seconds: number, connections = CONNECTIONS): Promise<Run> {
  const times: number[] = [];
  const run = autocannon({ url: base, connections, duration: seconds, requests: [request] });
  // Every response's time: autocannon's own percentiles have no p95.
  const r: AutocannonResult = await run.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  times.sort((a, b) => a - b);
  return {
    rps: r.requests.total / r.duration,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** The request autocannon would send next, as a fetch. */
async function sendOnce(base: string, template: AutocannonRequest) {
  const r = template.setupRequest ? template.setupRequest({ ...template }) : template;
  const res = await fetch(base + r.path, { method: r.method ?? 'GET', headers: r.headers, body: r.body });
  await res.arrayBuffer();
  return res;
}

/** Statements per request, from a few requests one after another (after one that warms caches up). */
async function countStatements(base: string, scenario: Scenario, world: World): Promise<string> {
  const template = scenario.request(world);
  await sendOnce(base, template);
  const counts: number[] = [];
  for (let i = 0; i < SEQUENTIAL_COUNTS; i++) {
    const header = (await sendOnce(base, template)).headers.get(COUNT_HEADER);
    if (header === null) return '-';
    counts.push(Number(header));
  }
  const [lo, hi] = [Math.min(...counts), Math.max(...counts)];
  return lo === hi ? String(lo) : `${lo}-${hi}`;
}

const isWrite = (scenario: Scenario, world: World) => (scenario.request(world).method ?? 'GET') !== 'GET';

interface Row {
  scenario: Scenario;
  statements: string;
  runs: Run[];
  empty: Run[];
}

function printTable(engine: string, rows: Row[]) {
  const header = ['request', 'conn', 'req/s', 'p50', 'p95', 'p99', 'non-2xx', 'SQL/req', 'ratio', 'empty req/s', 'empty p99', engine === 'postgres' ? 'target' : ''];
  const lines = rows.map(({ scenario, statements, runs, empty }) => {
    const ratios = runs.map((r, i) => r.rps / empty[i]!.rps);
    const ratio = median(ratios);
    const p99 = median(runs.map((r) => r.p99));
    const t = scenario.target;
    const target = engine !== 'postgres' || !t ? '' : `${ratio >= t.ratio && p99 < t.p99 ? 'met' : 'missed'} (>= ${t.ratio}, p99 < ${t.p99} ms)`;
    const non2xx = runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
    const ms = (v: number) => `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ms`;
    return [
      scenario.name,
      String(scenario.connections ?? CONNECTIONS),
      median(runs.map((r) => r.rps)).toFixed(0),
      ms(median(runs.map((r) => r.p50))),
      ms(median(runs.map((r) => r.p95))),
      ms(p99),
      String(non2xx),
      statements,
      ratio.toFixed(3),
      median(empty.map((r) => r.rps)).toFixed(0),
      ms(median(empty.map((r) => r.p99))),
      target,
    ];
  });
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const l of lines) console.log(`| ${l.join(' | ')} |`);
}

// ---------------------------------------------------------------------------------------------
// One engine, start to end.

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function startApp(dataDir: string, database: ThrowawayDatabase | undefined, countSql: boolean): Promise<ServerProcess> {
  const server = await startHealthyServer({ dataDir, databaseUrl: database?.url, env: { BENCH_COUNT_SQL: countSql ? '1' : 'false' } });
  pin(server.pid, 0);
  return server;
}

/** Statements straight into the app's database (the app stopped). */
async function runStatements(dataDir: string, database: ThrowawayDatabase | undefined, statements: string[]) {
  const db = await openDatabase(database ? { kind: 'postgres', url: database.url, poolMax: 1 } : { kind: 'pglite', dataDir });
  try {
    for (const statement of statements) await db.db.execute(sql.raw(statement));
  } finally {
    await db.close();
  }
}

async function benchEngine(engine: 'pglite' | 'postgres', serverUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bayclub-bench-http-'));
  let database: ThrowawayDatabase | undefined;
  let app: ServerProcess | undefined;
  let empty: { child: ChildProcess; base: string } | undefined;
  try {
    if (serverUrl) database = await createThrowawayDatabase(serverUrl, 'bayclub_bench_http');
    console.log(`\n## ${engine === 'postgres' ? `PostgreSQL (throwaway database ${database!.name} on ${new URL(serverUrl!).host})` : 'PGlite'}`);

    app = await startApp(dataDir, database, true);
    let t = performance.now();
    const world = await buildWorld(app);
    const bulks = [...new Set(selected.flatMap((s) => (Array.isArray(s.bulk) ? s.bulk : s.bulk ? [s.bulk] : [])))];
    if (bulks.length > 0) {
      // Written behind the stopped app (PGlite is one process's), then served by a fresh one.
      await app.stop();
      const b = performance.now();
      await runStatements(dataDir, database, bulks.flatMap((bulk) => bulk(world)));
      console.log(`bulk data written in ${((performance.now() - b) / 1000).toFixed(1)} s`);
      app = await startApp(dataDir, database, true);
      world.base = app.base;
    }
    for (const s of selected) await s.setup?.(world);
    console.log(`world built through the API in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const statements = new Map<Scenario, string>();
    for (const s of selected) statements.set(s, await countStatements(world.base, s, world));
    await app.stop();

    // The same data, served without the counting.
    app = await startApp(dataDir, database, false);
    world.base = app.base;
    // One-off measurements first, on the fresh process: its peak memory is then the measurement's own.
    const onceLines: string[] = [];
    for (const s of selected) if (s.once) onceLines.push(await s.once(world, app.pid));
    empty = await startEmptyServer();
    t = performance.now();
    await load(empty.base, { method: 'GET', path: '/' }, WARMUP);
    const rows: Row[] = selected.map((scenario) => ({ scenario, statements: statements.get(scenario)!, runs: [], empty: [] }));
    // Reads first, writes last: a write scenario adds thousands of rows in seconds, which would change what the reads
    // after it measure (and leave the planner's statistics behind until autovacuum catches up).
    const order = [...rows].sort((a, b) => Number(isWrite(a.scenario, world)) - Number(isWrite(b.scenario, world)));
    for (const row of order) {
      const connections = row.scenario.connections ?? CONNECTIONS;
      await load(app.base, row.scenario.request(world), WARMUP, connections);
      for (let round = 1; round <= ROUNDS; round++) {
        row.empty.push(await load(empty.base, { method: 'GET', path: '/' }, SECONDS, connections));
        row.runs.push(await load(app.base, row.scenario.request(world), SECONDS, connections));
      }
      process.stdout.write(`${row.scenario.name}: done (${((performance.now() - t) / 1000).toFixed(0)} s)\n`);
    }
    printTable(engine, rows);
    for (const line of onceLines) console.log(line);
  } finally {
    empty?.child.kill('SIGTERM');
    if (app) {
      const code = await app.stop();
      if (code !== 0) console.log(`app exited with ${code}:\n${app.output().slice(-2000)}`);
    }
    // BENCH_KEEP=1 keeps the PostgreSQL database for EXPLAIN ANALYZE afterwards (its URL is printed).
    if (database && process.env.BENCH_KEEP) console.log(`kept database ${database.url}`);
    else await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

pin(process.pid, 1);
console.log(`# bench:http: ${selected.length} requests, ${CONNECTIONS} connections, ${SECONDS} s per run, median of ${ROUNDS} rounds`);
console.log(
  `machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ` +
    (canPin ? 'app and empty route pinned to CPU 0, load generator to CPU 1 (the database server is not pinned)' : 'taskset unavailable or one CPU: nothing pinned'),
);
if (ENGINES.includes('pglite')) await benchEngine('pglite');
if (ENGINES.includes('postgres')) {
  const candidates = [process.env.BENCH_DATABASE_URL, process.env.TEST_DATABASE_URL, 'postgres://postgres@127.0.0.1:54329/postgres'].filter(
    (u): u is string => !!u,
  );
  let url: string | undefined;
  for (const candidate of candidates) if (!url && (await reachable(candidate))) url = candidate;
  if (url) await benchEngine('postgres', url);
  else console.log(`\nPostgreSQL skipped: no server answered at ${candidates.map((u) => new URL(u).host).join(', ')}`);
}
