// Web benchmark (issue 9), printed, never asserted. Builds the web app when its sources are newer than the build,
// starts the real server (PGlite in a temporary folder) serving that build, creates an admin and two matched members
// through the API, then:
//  1. loads each route in headless Chromium and lists the JavaScript and CSS the page requested, brotli-compressed
//     here with node:zlib (what a server that compresses sends, whatever this one does), split into the initial
//     files (index.html's entry script and its modulepreloads, loaded on every route) and the route's lazy chunks;
//  2. runs Lighthouse 12.8 (mobile, simulated throttling) on the landing page, /profile, /events and /locations (signed in), median of
//     BENCH_LH_RUNS runs (default 3), and prints Performance, Accessibility, LCP, TBT, CLS and what failed.
// Budget (issue 9): initial JS <= 150 KB brotli, each route chunk <= 50 KB brotli, the landing page loads no
// signed-in code; Lighthouse Performance >= 95, Accessibility 100, LCP <= 1.8 s, CLS <= 0.05.
// Run: npm run bench:web   (BENCH_WEB_BUILD=1 forces a build, BENCH_LH_RUNS=0 skips Lighthouse)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import {
  applyMember,
  approve,
  createFirstAdmin,
  expectStatus,
  freePort,
  matchPair,
  PROCESS_ORIGIN,
  startHealthyServer,
  type ServerProcess,
} from '../apps/server/src/test/server-process.js';
import { startTileServer, type TileServer } from '../apps/server/src/test/tile-server.js';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const dist = path.join(webDir, 'dist');
const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const BUDGET = { initialJs: 150 * 1024, routeChunk: 50 * 1024 };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const brotli = (body: Buffer) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Newest modification time under `dir` (files only), skipping build output and dependencies. */
function newestMtime(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function buildIfNeeded() {
  const built = path.join(dist, 'index.html');
  const sources = [path.join(webDir, 'src'), path.join(webDir, 'index.html'), path.join(webDir, 'vite.config.ts'), path.join(root, 'packages/shared/src')];
  const stale = !fs.existsSync(built) || Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;
  if (!stale && process.env.BENCH_WEB_BUILD !== '1') {
    console.log('web build: apps/web/dist is newer than its sources, reused');
    return;
  }
  const t = performance.now();
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  console.log(`web build: built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

/** The files every route loads: index.html's module scripts, modulepreloads and stylesheets. */
function initialFiles(): Set<string> {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  return new Set(urls);
}

/** What the service worker precaches: its injected manifest (url + revision entries). */
function precacheSummary() {
  const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const urls = [...new Set([...sw.matchAll(/"?url"?:"([^"]+)"/g)].map((m) => m[1]!))];
  let raw = 0;
  let br = 0;
  for (const url of urls) {
    const file = path.join(dist, url.replace(/^\//, ''));
    if (!fs.existsSync(file)) continue;
    const body = fs.readFileSync(file);
    raw += body.length;
    br += brotli(body);
  }
  return { count: urls.length, raw, br };
}

interface RouteCase {
  name: string;
  path: string;
  cookie?: string;
  /** The level-1 heading that proves the page rendered (not an error or not-found page). */
  heading: RegExp;
  /** Spanish (issue 26): the page speaks it from the first render (this device's choice; the member's too). */
  spanish?: boolean;
}

interface FileRow {
  url: string;
  type: 'js' | 'css';
  initial: boolean;
  br: number;
  /** Bytes on the wire (what this server sent, compressed or not). */
  wire: number;
}

function cookiesFor(header: string, base: string) {
  return header
    .split(/;\s*/)
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: base };
    });
}

async function measureRoute(browser: Browser, base: string, route: RouteCase, initial: Set<string>): Promise<FileRow[]> {
  // No service worker: its precache would download every chunk and hide what the page itself needs.
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  if (route.cookie) await context.addCookies(cookiesFor(route.cookie, base));
  if (route.spanish) await context.addInitScript(() => localStorage.setItem('bayclub:language', 'es'));
  const page = await context.newPage();
  const pending: Array<Promise<FileRow | null>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type: FileRow['type'] | null = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!type || url.origin !== base) return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return { url: url.pathname, type, initial: initial.has(url.pathname), br: brotli(body), wire: sizes.responseBodySize };
      })().catch(() => null),
    );
  });
  await page.goto(base + route.path, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: route.heading }).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const rows = (await Promise.all(pending)).filter((r): r is FileRow => r !== null);
  await context.close();
  return rows;
}

interface LighthouseResult {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of how fast this machine was during the run (higher is faster). */
  benchmarkIndex: number;
  failures: string[];
}

type Audit = { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; details?: { type?: string; overallSavingsMs?: number } };

/**
 * Lighthouse now and then fails to record its trace on this machine (NO_NAVSTART, "Please run Lighthouse again"):
 * one failed run is run again instead of ending the whole bench; a second failure is real.
 */
async function lighthouseWithRetry(url: string, cookie?: string, lang?: string): Promise<LighthouseResult> {
  try {
    return await lighthouse(url, cookie, lang);
  } catch (err) {
    console.log(`  lighthouse run failed once, running it again: ${(err as Error).message.split('\n')[0]!.slice(0, 200)}`);
    return lighthouse(url, cookie, lang);
  }
}

/** `lang`: the browser's language (Chromium's --lang), as a visitor whose phone speaks it. */
async function lighthouse(url: string, cookie?: string, lang?: string): Promise<LighthouseResult> {
  const out = path.join(os.tmpdir(), `bayclub-lh-${process.pid}-${Date.now()}.json`);
  const args = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility',
    `--chrome-flags=${[...CHROME_FLAGS, ...(lang ? [`--lang=${lang}`, `--accept-lang=${lang}`] : [])].join(' ')}`,
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/lighthouse'), args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`))));
  });
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number; auditRefs: Array<{ id: string; weight: number }> }>;
    audits: Record<string, Audit & { numericValue?: number }>;
    runtimeError?: { message: string };
    environment: { benchmarkIndex: number };
  };
  fs.rmSync(out, { force: true });
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  const a = report.audits;
  const failures: string[] = [];
  for (const [category, { auditRefs }] of Object.entries(report.categories)) {
    for (const ref of auditRefs) {
      const audit = a[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      if (category === 'performance' && audit.scoreDisplayMode === 'numeric') continue; // metrics: printed above
      failures.push(`${category}: ${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  // Opportunities: audits with estimated savings, whatever their weight.
  for (const audit of Object.values(a)) {
    const savings = audit.details?.overallSavingsMs;
    if (audit.details?.type === 'opportunity' && savings && savings > 0) failures.push(`opportunity: ${audit.id} (${Math.round(savings)} ms)`);
  }
  return {
    performance: Math.round(report.categories.performance!.score * 100),
    accessibility: Math.round(report.categories.accessibility!.score * 100),
    lcp: a['largest-contentful-paint']!.numericValue!,
    tbt: a['total-blocking-time']!.numericValue!,
    cls: a['cumulative-layout-shift']!.numericValue!,
    benchmarkIndex: report.environment.benchmarkIndex,
    failures: [...new Set(failures)],
  };
}

const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)]!;

function printFiles(route: RouteCase, rows: FileRow[]) {
  const sum = (xs: FileRow[], f: (r: FileRow) => number) => xs.reduce((n, r) => n + f(r), 0);
  const js = rows.filter((r) => r.type === 'js');
  const initialJs = js.filter((r) => r.initial);
  const routeJs = js.filter((r) => !r.initial);
  const css = rows.filter((r) => r.type === 'css');
  const largest = routeJs.reduce((m, r) => Math.max(m, r.br), 0);
  const overBudget = sum(initialJs, (r) => r.br) > BUDGET.initialJs || largest > BUDGET.routeChunk;
  const cells = [
    route.name.padEnd(8),
    route.path.length > 14 ? `${route.path.slice(0, 13)}…` : route.path.padEnd(14),
    kb(sum(initialJs, (r) => r.br)).padStart(9),
    `${kb(sum(routeJs, (r) => r.br))} / ${routeJs.length}`.padStart(13),
    kb(largest).padStart(9),
    kb(sum(js, (r) => r.br)).padStart(9),
    kb(sum(css, (r) => r.br)).padStart(8),
    kb(sum(rows, (r) => r.wire)).padStart(10),
    overBudget ? 'over' : 'ok',
  ];
  console.log(cells.join(' | '));
  return routeJs.map((r) => `${route.name}: ${r.url} ${kb(r.br)}`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bayclub-bench-web-'));
let server: ServerProcess | undefined;
let browser: Browser | undefined;
let tiles: TileServer | undefined;
try {
  console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  buildIfNeeded();
  const port = await freePort();
  const base = `http://localhost:${port}`;
  // The maps' tiles from the local double (this machine is offline; OpenStreetMap's servers are not for benchmarks).
  tiles = await startTileServer();
  server = await startHealthyServer({
    dataDir,
    port,
    env: { WEB_DIST: dist, PUBLIC_URL: base, TRUSTED_ORIGINS: PROCESS_ORIGIN, MAP_TILE_URL: tiles.urlTemplate },
  });
  const api = server.base;

  // An admin, and two approved members who said hi and opened their conversation, all through the API.
  const admin = await createFirstAdmin(server);
  const [a, b] = [await applyMember(api, 'webbench'), await applyMember(api, 'webbench')];
  await approve(api, admin, a!);
  await approve(api, admin, b!);
  const { conversationId } = await matchPair(a!, b!, { a: api, b: api });
  const place = await expectStatus<{ id: string }>(201, api, 'POST', '/api/locations', {
    cookie: admin,
    body: { name: 'The Pier', category: 'venue', address: '600 2nd Ave NE', city: 'st_pete', latitude: 27.7734, longitude: -82.6226 },
  });

  // The community half's pages: a members-only event two weeks on (19:00-21:00 club time), made by member a.
  const eventDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + 14 * 24 * 60 * 60 * 1000),
  );
  const event = await expectStatus<{ id: string }>(201, api, 'POST', '/api/events', {
    cookie: a!.cookie,
    // At the place: its page shows the place's map (issue 21), and /locations puts the event on its map.
    body: { title: 'Sunset Social', startsAtLocal: `${eventDay}T19:00`, endsAtLocal: `${eventDay}T21:00`, venue: 'The Pier', visibility: 'members', locationId: place.body.id },
  });

  const routes: RouteCase[] = [
    { name: 'landing', path: '/', heading: /Bay Club/ },
    { name: 'sign-in', path: '/login', heading: /Sign In/ },
    { name: 'profile', path: '/profile', cookie: a!.cookie, heading: /Member/ },
    { name: 'chat', path: `/chat/${conversationId}`, cookie: a!.cookie, heading: /Member/ },
    { name: 'admin', path: '/admin', cookie: admin, heading: /Dashboard/ },
    { name: 'places', path: '/locations', cookie: a!.cookie, heading: /Locations/ },
    { name: 'place', path: `/locations/${place.body.id}`, cookie: a!.cookie, heading: /The Pier/ },
    { name: 'home', path: '/community', cookie: a!.cookie, heading: /Home/ },
    { name: 'events', path: '/events', cookie: a!.cookie, heading: /Events/ },
    { name: 'event', path: `/events/${event.body.id}`, cookie: a!.cookie, heading: /Sunset Social/ },
    { name: 'people', path: '/user-directory', cookie: a!.cookie, heading: /People/ },
  ];

  const precache = precacheSummary();
  console.log(`service worker precache: ${precache.count} files, ${kb(precache.raw)} raw, ${kb(precache.br)} brotli`);
  const initial = initialFiles();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => f !== '--headless=new') });
  console.log('\nJavaScript and CSS the page requested, brotli (quality 11) computed from each body; "wire" is what this server sent');
  console.log('route    | path           | initial JS | route JS / files | largest  | all JS   | CSS      | wire (all) | budget');
  const chunks: string[] = [];
  for (const route of routes) chunks.push(...printFiles(route, await measureRoute(browser, base, route, initial)));
  // The same pages in Spanish (issue 26): the members read the club in Spanish; each feature's Spanish catalogue is
  // a chunk of its own, fetched with the page.
  for (const cookie of [a!.cookie, admin]) await expectStatus(200, api, 'PUT', '/api/me/language', { cookie, body: { language: 'es' } });
  const SPANISH_HEADINGS: Record<string, RegExp> = {
    'sign-in': /Iniciar sesión/,
    profile: /Miembro|Member/,
    chat: /Miembro|Member/,
    admin: /Panel|Dashboard/,
    places: /Lugares|Locations/,
    home: /Inicio|Home/,
    events: /Eventos|Events/,
    people: /Personas|People/,
  };
  console.log('the same routes in Spanish (es):');
  for (const route of routes) {
    const spanish = { ...route, name: `${route.name}:es`, heading: SPANISH_HEADINGS[route.name] ?? route.heading, spanish: true };
    chunks.push(...printFiles(spanish, await measureRoute(browser, base, spanish, initial)));
  }
  await browser.close();
  browser = undefined;
  console.log(`budget: initial JS <= ${kb(BUDGET.initialJs)}, each route chunk <= ${kb(BUDGET.routeChunk)} (brotli)`);
  console.log(`route chunks:\n  ${chunks.join('\n  ') || '(none)'}`);

  if (LH_RUNS > 0) {
    console.log(`\nLighthouse 12.8 mobile (simulated slow 4G, 4x CPU slowdown), median of ${LH_RUNS} runs by Performance`);
    console.log('page     | Performance | Accessibility | LCP     | TBT     | CLS   | machine (benchmarkIndex)');
    for (const [name, url, cookie] of [
      ['landing', `${base}/`, undefined],
      ['profile', `${base}/profile`, a!.cookie],
      // Issue 21: the events list, and /locations with its map (Leaflet's chunk and tiles from the double).
      ['events', `${base}/events`, a!.cookie],
      ['places', `${base}/locations`, a!.cookie],
      // Issue 26: the landing page for a visitor whose browser speaks Spanish.
      ['landing:es', `${base}/`, undefined],
    ] as const) {
      const runs: LighthouseResult[] = [];
      const lang = name.endsWith(':es') ? 'es-US' : undefined;
      for (let i = 0; i < LH_RUNS; i++) runs.push(await lighthouseWithRetry(url, cookie, lang));
      const m = runs.find((r) => r.performance === median(runs.map((x) => x.performance)))!;
      console.log(
        [
          name.padEnd(8),
          `${m.performance} (${runs.map((r) => r.performance).join(', ')})`.padEnd(11),
          String(m.accessibility).padEnd(13),
          `${(m.lcp / 1000).toFixed(2)} s`.padEnd(7),
          `${Math.round(m.tbt)} ms`.padEnd(7),
          m.cls.toFixed(3).padEnd(5),
          runs.map((r) => Math.round(r.benchmarkIndex)).join(', '),
        ].join(' | '),
      );
      if (m.failures.length) console.log(`  to fix: ${m.failures.join('; ')}`);
    }
    console.log('targets: Performance >= 95, Accessibility 100, LCP <= 1.8 s, CLS <= 0.05');
  }
} finally {
  await browser?.close();
  if (server) {
    const code = await server.stop();
    if (code !== 0) console.log(`server exited with ${code}:\n${server.output().slice(-2000)}`);
  }
  await tiles?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
