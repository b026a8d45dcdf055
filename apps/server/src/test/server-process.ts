import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../config.js';

/**
 * The real server (apps/server/src/main.ts) in its own process, and a small HTTP client of it: what the
 * durability, multi-process and SIGKILL tests and the realtime benchmark share. No vitest import, so the
 * benchmarks can use it too.
 */

/** The Origin every request and socket of these tests sends; the server trusts it (TRUSTED_ORIGINS). */
export const PROCESS_ORIGIN = 'http://localhost:3000';

/** A port nothing listens on right now (the kernel picks it), so parallel test runs never collide. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ThrowawayDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server at `serverUrl`; `drop` removes it (and its connections). */
export async function createThrowawayDatabase(serverUrl: string, prefix = 'bayclub_proc'): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const d = new pg.Client({ connectionString: serverUrl });
      await d.connect();
      try {
        await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await d.end();
      }
    },
  };
}

export interface ServerOptions {
  /** PGlite data folder (also the uploads folder). Required unless databaseUrl is given. */
  dataDir: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** Default: a kernel-chosen free port. Pass the old port to restart "the same" server. */
  port?: number;
  /** Extra or overriding environment variables. */
  env?: Record<string, string>;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  /** http://127.0.0.1:port */
  base: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /**
   * Wait for /api/health. A fresh PGlite folder takes several seconds to create, much longer while other
   * test files keep the cores busy, hence the generous default; a server that exits fails at once, with its output.
   */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code (null after a signal). */
  exited(): Promise<number | null>;
  /** SIGKILL: no shutdown code runs, exactly like a crash or the OOM killer. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the graceful shutdown; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** The one-time first-admin token the server printed on start (while no admin exists). */
  setupToken(): string | undefined;
}

export function startServer(opts: ServerOptions & { port: number }): ServerProcess {
  const { port } = opts;
  let out = '';
  // BENCH_CPU_PROF (a folder): each server process writes a V8 CPU profile there when it exits (benchmarks only;
  // NODE_OPTIONS may not carry --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      TRUSTED_ORIGINS: PROCESS_ORIGIN,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const exited = () => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : exitCode);

  return {
    child,
    pid: child.pid!,
    port,
    base,
    output: () => out,
    async waitHealthy(timeoutMs = 75_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${out}`);
        try {
          const res = await fetch(`${base}/api/health`);
          if (res.ok) return;
        } catch {
          /* not up yet */
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`server did not become healthy in ${timeoutMs / 1000} s:\n${out}`);
    },
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited();
    },
    setupToken: () => /setup\?token=([A-Za-z0-9_-]+)/.exec(out)?.[1],
  };
}

/** Start on a free port and wait until healthy. */
export async function startHealthyServer(opts: ServerOptions): Promise<ServerProcess> {
  const server = startServer({ ...opts, port: opts.port ?? (await freePort()) });
  try {
    await server.waitHealthy();
  } catch (err) {
    await server.kill();
    throw err;
  }
  return server;
}

/** Remove a data folder a PGlite server used (after it exited). */
export function removeDataDir(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// A client of a server process: plain fetch, the Origin a browser sends, cookies kept by hand.

export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** The cookie header value made of this answer's set-cookie headers ('' when none). */
  cookie: string;
}

/** One request; JSON in, JSON (or nothing) out. Never throws on an HTTP status, only on a network error. */
export async function call<T = unknown>(
  base: string,
  method: string,
  url: string,
  opts: { cookie?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { origin: PROCESS_ORIGIN };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, cookie };
}

/** Like call, but an unexpected status throws with the answer. */
export async function expectStatus<T = unknown>(
  status: number | number[],
  base: string,
  method: string,
  url: string,
  opts: { cookie?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const answer = await call<T>(base, method, url, opts);
  const wanted = Array.isArray(status) ? status : [status];
  if (!wanted.includes(answer.status)) throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer;
}

export interface ProcessMember {
  id: string;
  email: string;
  password: string;
  username: string;
  /** The session cookie the application signed in with. */
  cookie: string;
  applicationId: string;
}

let memberSeq = 0;

/** Apply through the API (the applicant is signed in at once); community_only and pending until approved. */
export async function applyMember(base: string, tag = 'proc'): Promise<ProcessMember> {
  memberSeq += 1;
  const username = `${tag}${memberSeq}${crypto.randomBytes(3).toString('hex')}`.slice(0, 30);
  const email = `${username}@x.test`;
  const password = 'secret123';
  const applied = await expectStatus<{ applicationId: string }>(201, base, 'POST', '/api/applications', {
    body: { name: `Member ${memberSeq}`, email, password, username, age: 30, city: 'tampa', interests: ['Beach'] },
  });
  if (!applied.cookie) throw new Error('the application did not sign the applicant in');
  const me = await expectStatus<{ user: { id: string } }>(200, base, 'GET', '/api/me', { cookie: applied.cookie });
  return { id: me.body.user.id, email, password, username, cookie: applied.cookie, applicationId: applied.body.applicationId };
}

/** Sign in with email and password (a new session); returns the cookie. */
export async function signInMember(base: string, member: { email: string; password: string }): Promise<string> {
  const res = await expectStatus(200, base, 'POST', '/api/auth/sign-in/email', { body: { email: member.email, password: member.password } });
  if (!res.cookie) throw new Error('sign-in set no cookie');
  return res.cookie;
}

/** Create the first admin with the setup link the server printed; returns the admin's cookie. */
export async function createFirstAdmin(server: ServerProcess): Promise<string> {
  const until = Date.now() + 10_000;
  while (!server.setupToken() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  const token = server.setupToken();
  if (!token) throw new Error(`the server printed no setup link:\n${server.output()}`);
  const username = `admin${crypto.randomBytes(3).toString('hex')}`;
  const res = await expectStatus(201, server.base, 'POST', '/api/setup/admin', {
    body: { token, name: 'Process Admin', email: `${username}@x.test`, username, password: 'admin-pass-123' },
  });
  if (!res.cookie) throw new Error('setup set no cookie');
  return res.cookie;
}

/** An admin approves the member's application: full_platform, as in production. */
export interface ServerPair {
  database: ThrowawayDatabase;
  p1: ServerProcess;
  p2: ServerProcess;
  /** The first admin's cookie (signed in on p1). */
  admin: string;
  stop(): Promise<void>;
}

/**
 * Two server processes on one throwaway PostgreSQL database, with a first admin: the set-up of every test that proves
 * a change made through one process is in force on the other. `stop` ends both, drops the database and the folders.
 */
export async function startServerPair(serverUrl: string, label: string): Promise<ServerPair> {
  const database = await createThrowawayDatabase(serverUrl);
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), `bayclub-${label}-`)));
  const started: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((p) => p.stop()));
    await database.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  };
  try {
    for (const dataDir of dirs) started.push(await startHealthyServer({ dataDir, databaseUrl: database.url }));
    const admin = await createFirstAdmin(started[0]!);
    return { database, p1: started[0]!, p2: started[1]!, admin, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export async function approve(base: string, adminCookie: string, member: ProcessMember) {
  await expectStatus(200, base, 'POST', `/api/admin/applications/${member.applicationId}/approve`, { cookie: adminCookie });
}

/** A says hi, B accepts, A opens their conversation (each on the server given, which may differ). */
export async function matchPair(
  a: ProcessMember,
  b: ProcessMember,
  bases: { a: string; b: string },
): Promise<{ conversationId: string; matchId: string }> {
  const hi = await expectStatus<{ hello: { id: string } }>(201, bases.a, 'POST', '/api/hellos', { cookie: a.cookie, body: { userId: b.id } });
  const accepted = await expectStatus<{ match: { id: string } }>(200, bases.b, 'POST', `/api/hellos/${hi.body.hello.id}/accept`, { cookie: b.cookie });
  const opened = await expectStatus<{ id: string }>(200, bases.a, 'POST', '/api/conversations', { cookie: a.cookie, body: { userId: b.id } });
  return { conversationId: opened.body.id, matchId: accepted.body.match.id };
}

export interface SentMessage {
  id: string;
  seq: number;
  content: string;
  clientId: string | null;
  senderId: string;
}

/** Every message of a conversation as one member sees it, oldest first, read page by page (100 at a time). */
export async function readWholeConversation(base: string, cookie: string, conversationId: string): Promise<SentMessage[]> {
  const all: SentMessage[] = [];
  let before: number | undefined;
  for (;;) {
    const q = `limit=100${before ? `&before=${before}` : ''}`;
    const page = await expectStatus<{ items: SentMessage[]; hasMore: boolean }>(200, base, 'GET', `/api/conversations/${conversationId}/messages?${q}`, { cookie });
    all.unshift(...page.body.items);
    if (!page.body.hasMore || !page.body.items.length) return all;
    before = page.body.items[0]!.seq;
  }
}

/** Run `fn` over `items` with at most `limit` at a time; results in input order. */
export async function inBatches<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}
