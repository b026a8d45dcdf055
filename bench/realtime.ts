// Realtime benchmark (issue 4), printed, never asserted. One real server process (PGlite in a temporary folder, or a
// throwaway database on the PostgreSQL server named by BENCH_DATABASE_URL or DATABASE_URL); this process is the load
// generator: 1,000 members, each with its own open socket, 500 matched pairs with a conversation, then
//  1. a steady rate of messages between a subset of the pairs (open loop: sends leave on schedule, not when the
//     previous one finished), and
//  2. a burst over all pairs as fast as a bounded number of concurrent senders can go;
// each send is timestamped and matched with its arrival on the recipient's socket.
// Goal (reported, not enforced): p99 send-to-delivery below 50 ms at 1,000 connections, nothing lost or duplicated.
// Run: npm run bench:realtime   (sizes: BENCH_MEMBERS, BENCH_RATES, BENCH_SECONDS, BENCH_ACTIVE_PAIRS, BENCH_BURST)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerEvent } from '@bayclub/shared';
import {
  applyMember,
  approve,
  call,
  createFirstAdmin,
  createThrowawayDatabase,
  inBatches,
  matchPair,
  PROCESS_ORIGIN,
  startHealthyServer,
  type ProcessMember,
  type ServerProcess,
  type ThrowawayDatabase,
} from '../apps/server/src/test/server-process.js';
import { openSocket, type TestSocket } from '../apps/server/src/test/socket-client.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MEMBERS = num('BENCH_MEMBERS', 1000) & ~1;
/** Steady phases, one per rate (messages per second): a light one, a middle one, the goal's 200/s. */
const RATES = (process.env.BENCH_RATES ?? '20,100,200').split(',').map(Number);
const SECONDS = num('BENCH_SECONDS', 20);
const ACTIVE_PAIRS = Math.min(num('BENCH_ACTIVE_PAIRS', 100), MEMBERS / 2);
const BURST = num('BENCH_BURST', 2000);
const BURST_CONCURRENCY = 64;
/** Setup requests at once (applications hash passwords: more only queues them). */
const SETUP_CONCURRENCY = 16;
/** How long to wait for the last deliveries after the last send was answered. */
const DRAIN_MS = 10_000;
/** An open-loop sender stops adding requests beyond this many in flight (and counts what it skipped). */
const MAX_IN_FLIGHT = 2000;

const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
const quantile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN);
const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Resident set size of a process, from /proc (Linux). */
function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** CPU time (user + system) a process used so far, in seconds, from /proc (Linux; clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU of the server and of this load generator since `mark`, as a share of one core over the wall time. */
function cpuSince(mark: { at: number; server: number; self: NodeJS.CpuUsage }, pid: number) {
  const wall = (performance.now() - mark.at) / 1000;
  const self = process.cpuUsage(mark.self);
  const pct = (s: number) => `${((s / wall) * 100).toFixed(0)}%`;
  return `server ${pct(cpuSeconds(pid) - mark.server)}, load generator ${pct((self.user + self.system) / 1e6)} of one core`;
}
const cpuMark = (pid: number) => ({ at: performance.now(), server: cpuSeconds(pid), self: process.cpuUsage() });

/** One message in flight: when it left, who must get it, and when (and how often) it arrived there. */
interface Tracked {
  recipientId: string;
  sentAt: number;
  httpMs?: number;
  status?: number;
  /** Why the request failed without an HTTP answer (status 0). */
  error?: string;
  arrivals: number;
  deliveredAt?: number;
}

const tracked = new Map<string, Tracked>();
let misdelivered = 0;
/** Arrivals with a lower seq than an earlier arrival in the same conversation (clients sort by seq; informative). */
let reordered = 0;

/** Arrivals are matched by content, which carries a unique tag (the recipient's copy has no clientId). */
function watch(member: ProcessMember, socket: TestSocket) {
  const newest = new Map<string, number>();
  socket.ws.on('message', (data) => {
    const now = performance.now();
    const event = JSON.parse(String(data)) as ServerEvent;
    if (event.type !== 'message' || event.message.senderId === member.id) return;
    const { conversationId, seq } = event.message;
    if (seq < (newest.get(conversationId) ?? 0)) reordered += 1;
    else newest.set(conversationId, seq);
    const t = tracked.get(event.message.content);
    if (!t) return;
    if (t.recipientId !== member.id) {
      misdelivered += 1;
      return;
    }
    t.arrivals += 1;
    t.deliveredAt ??= now;
  });
}

interface Pair {
  a: ProcessMember;
  b: ProcessMember;
  conversationId: string;
}

function sendTracked(base: string, pair: Pair, forward: boolean, tag: string): { t: Tracked; done: Promise<void> } {
  const [from, to] = forward ? [pair.a, pair.b] : [pair.b, pair.a];
  const clientId = crypto.randomUUID();
  const content = `${tag} ${clientId}`;
  const t: Tracked = { recipientId: to.id, sentAt: performance.now(), arrivals: 0 };
  tracked.set(content, t);
  const done = call(base, 'POST', `/api/conversations/${pair.conversationId}/messages`, { cookie: from.cookie, body: { clientId, content } }).then(
    (res) => void (t.status = res.status),
    (err: Error & { cause?: { code?: string; message?: string } }) => {
      t.status = 0;
      t.error = err.cause?.code ?? err.cause?.message ?? err.message;
    },
  );
  return { t, done: done.then(() => void (t.httpMs = performance.now() - t.sentAt)) };
}

/** Wait until every acknowledged message of the phase arrived, or DRAIN_MS passed since the last answer. */
async function drain(phase: Tracked[]) {
  const until = performance.now() + DRAIN_MS;
  while (performance.now() < until && phase.some((t) => t.status === 201 && !t.deliveredAt)) await new Promise((r) => setTimeout(r, 20));
}

function report(title: string, phase: Tracked[], started: number, cpu: string) {
  const acknowledged = phase.filter((t) => t.status === 201);
  const refused = phase.length - acknowledged.length;
  const delivered = acknowledged.filter((t) => t.deliveredAt !== undefined);
  const duplicated = phase.reduce((n, t) => n + Math.max(0, t.arrivals - 1), 0);
  const latency = delivered.map((t) => t.deliveredAt! - t.sentAt).sort((x, y) => x - y);
  const http = phase.filter((t) => t.httpMs !== undefined).map((t) => t.httpMs!).sort((x, y) => x - y);
  const lastArrival = Math.max(...delivered.map((t) => t.deliveredAt!));
  const failures = new Map<string, number>();
  for (const t of phase) {
    if (t.status === 201) continue;
    const why = t.status ? `HTTP ${t.status}` : `no answer (${t.error})`;
    failures.set(why, (failures.get(why) ?? 0) + 1);
  }
  const statuses = [...failures].map(([k, n]) => `${n}x ${k}`);
  console.log(`\n${title}`);
  console.log(`  messages sent            ${phase.length} (acknowledged ${acknowledged.length}, not acknowledged ${refused}${statuses.length ? `: ${statuses.join(', ')}` : ''})`);
  console.log(`  delivered                ${delivered.length}`);
  console.log(`  lost (expected-received) ${acknowledged.length - delivered.length}`);
  console.log(`  duplicated               ${duplicated}`);
  console.log(`  misdelivered             ${misdelivered}`);
  console.log(`  out of seq order         ${reordered}`);
  misdelivered = 0;
  reordered = 0;
  console.log(
    `  send-to-delivery         p50 ${ms(quantile(latency, 0.5))}, p95 ${ms(quantile(latency, 0.95))}, p99 ${ms(quantile(latency, 0.99))}, max ${ms(latency.at(-1) ?? NaN)}`,
  );
  console.log(`  HTTP send                p50 ${ms(quantile(http, 0.5))}, p99 ${ms(quantile(http, 0.99))}`);
  console.log(`  achieved                 ${(delivered.length / ((lastArrival - started) / 1000)).toFixed(1)} messages/s delivered`);
  console.log(`  CPU                      ${cpu}`);
  return { p99: quantile(latency, 0.99), lost: acknowledged.length - delivered.length, duplicated };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bayclub-bench-rt-'));
let database: ThrowawayDatabase | undefined;
let server: ServerProcess | undefined;
const sockets: TestSocket[] = [];

try {
  if (serverUrl) database = await createThrowawayDatabase(serverUrl, 'bayclub_bench');
  const target = database ? `PostgreSQL (throwaway database ${database.name} on ${new URL(serverUrl).host})` : `PGlite (data folder ${dataDir})`;
  console.log(`database: ${target}`);
  console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; server in its own process, this process generates the load`);

  let t = performance.now();
  server = await startHealthyServer({ dataDir, databaseUrl: database?.url });
  const base = server.base;
  console.log(`server ready in ${seconds(t)} (pid ${server.pid})`);

  // Members: applications through the API (each signs the applicant in: that session is the member's cookie),
  // approved by an admin through the API, as in production. No rows are written behind the server's back.
  const admin = await createFirstAdmin(server);
  t = performance.now();
  const members = await inBatches(Array.from({ length: MEMBERS }), SETUP_CONCURRENCY, () => applyMember(base, 'bench'));
  console.log(`${MEMBERS} applications (password hashing + sign-in each) in ${seconds(t)}`);
  t = performance.now();
  await inBatches(members, SETUP_CONCURRENCY, (m) => approve(base, admin, m));
  console.log(`${MEMBERS} approvals in ${seconds(t)}`);
  t = performance.now();
  const pairs: Pair[] = await inBatches(Array.from({ length: MEMBERS / 2 }), SETUP_CONCURRENCY, async (_, i) => {
    const [a, b] = [members[2 * i]!, members[2 * i + 1]!];
    return { a, b, conversationId: (await matchPair(a, b, { a: base, b: base })).conversationId };
  });
  console.log(`${pairs.length} pairs matched through the API (hello, accept, open conversation) in ${seconds(t)}`);

  await new Promise((r) => setTimeout(r, 2000));
  const rssBefore = rss(server.pid);
  t = performance.now();
  await inBatches(members, 50, async (m) => {
    const s = await openSocket(base, m.cookie, { origin: PROCESS_ORIGIN });
    sockets.push(s);
    watch(m, s);
    s.send({ type: 'resume', lastSeq: 0 });
    await s.next('ready', undefined, 60_000);
  });
  console.log(`${sockets.length} sockets open and resumed in ${seconds(t)}`);
  await new Promise((r) => setTimeout(r, 2000));
  const rssSockets = rss(server.pid);
  console.log(`connections              ${sockets.filter((s) => s.ws.readyState === s.ws.OPEN).length}`);
  console.log(
    `server RSS               ${mb(rssBefore)} before sockets, ${mb(rssSockets)} with ${sockets.length} sockets (${((rssSockets - rssBefore) / sockets.length / 1024).toFixed(1)} KB per connection; garbage collection moves RSS by a few MB, so a small difference is noise)`,
  );

  // 1. Steady rates, open loop: sends leave on schedule whether or not earlier ones were answered.
  let peak = rssSockets;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(server!.pid))), 250);
  const steadyResults: Array<ReturnType<typeof report> & { rate: number }> = [];
  for (const rate of RATES) {
    const steady: Tracked[] = [];
    let skipped = 0;
    const total = rate * SECONDS;
    const steadyStart = performance.now();
    const cpu = cpuMark(server.pid);
    const inFlight = new Set<Promise<void>>();
    for (let k = 0; k < total; k++) {
      const due = steadyStart + (k * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      if (inFlight.size >= MAX_IN_FLIGHT) {
        skipped += 1;
        continue;
      }
      const { t: sent, done } = sendTracked(base, pairs[k % ACTIVE_PAIRS]!, Math.floor(k / ACTIVE_PAIRS) % 2 === 0, `steady${rate} ${k}`);
      steady.push(sent);
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    }
    await Promise.all(inFlight);
    await drain(steady);
    const title = `steady: ${rate} msg/s for ${SECONDS} s over ${ACTIVE_PAIRS} pairs (${ACTIVE_PAIRS * 2} members sending, ${sockets.length} sockets open)`;
    steadyResults.push({ rate, ...report(title, steady, steadyStart, cpuSince(cpu, server.pid)) });
    if (skipped) console.log(`  not sent (over ${MAX_IN_FLIGHT} in flight) ${skipped}`);
  }

  // 2. Burst: every pair, as fast as BURST_CONCURRENCY senders go.
  const burst: Tracked[] = [];
  const burstStart = performance.now();
  const burstCpu = cpuMark(server.pid);
  await inBatches(Array.from({ length: BURST }), BURST_CONCURRENCY, async (_, k) => {
    const { t: sent, done } = sendTracked(base, pairs[k % pairs.length]!, k % 2 === 0, `burst ${k}`);
    burst.push(sent);
    await done;
  });
  const sentIn = (performance.now() - burstStart) / 1000;
  await drain(burst);
  clearInterval(sampler);
  const r2 = report(`burst: ${BURST} messages over ${pairs.length} pairs, ${BURST_CONCURRENCY} concurrent senders`, burst, burstStart, cpuSince(burstCpu, server.pid));
  console.log(`  HTTP sends               ${(BURST / sentIn).toFixed(1)} answered per second`);
  console.log(`\nserver RSS peak during the phases: ${mb(peak)}`);
  for (const r of steadyResults) {
    const met = r.p99 < 50 && r.lost === 0 && r.duplicated === 0;
    console.log(`goal at ${r.rate} msg/s (p99 < 50 ms, nothing lost or duplicated): ${met ? 'met' : 'missed'}`);
  }
  console.log(`burst: ${r2.lost === 0 && r2.duplicated === 0 ? 'nothing lost or duplicated' : `${r2.lost} lost, ${r2.duplicated} duplicated`}`);
} finally {
  for (const s of sockets) s.ws.terminate();
  if (server) {
    const code = await server.stop();
    if (code !== 0) console.log(`server exited with ${code}:\n${server.output().slice(-2000)}`);
  }
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
