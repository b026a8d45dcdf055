import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { repoRoot } from '../config.js';

/**
 * The real server process, killed with SIGKILL while it takes applications: every acknowledged
 * application is there after a restart, the database opens without repair, and a stale PGlite lock
 * left by the dead process does not block the new one. A second process on the same folder is refused.
 */
/** A port nothing listens on right now (the kernel picks it), so parallel test runs never collide. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bayclub-durability-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

async function prepareDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const name = `bayclub_dur_${crypto.randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const d = new pg.Client({ connectionString: serverUrl });
    await d.connect();
    await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await d.end();
  };
}

function startServer(env: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

/**
 * Wait for /api/health. A fresh PGlite folder takes several seconds to create, much longer while the other
 * test files keep both cores busy, hence the generous limit; a server that exits fails at once, with its output.
 */
async function waitHealthy(server: { child: ChildProcess; output: () => string }, timeoutMs = 75_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server exited (${server.child.exitCode}):\n${server.output()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy in ${timeoutMs / 1000} s:\n${server.output()}`);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code))));

const running: ChildProcess[] = [];
afterAll(async () => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('durability of the real server process', () => {
  it('keeps every acknowledged application across a SIGKILL and restarts cleanly', async () => {
    await prepareDatabase();
    const first = startServer();
    running.push(first.child);
    await waitHealthy(first);

    const acknowledged: string[] = [];
    let n = 0;
    // Keep applying until the process is killed under us; only 201s count as acknowledged.
    const writer = (async () => {
      for (;;) {
        n += 1;
        const username = `dur${n}${crypto.randomBytes(2).toString('hex')}`;
        try {
          const res = await fetch(`${base}/api/applications`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: `D ${n}`, email: `${username}@x.test`, password: 'secret123', username, age: 30, city: 'tampa' }),
          });
          if (res.status === 201) acknowledged.push(username);
        } catch {
          return;
        }
      }
    })();
    while (acknowledged.length < 8) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await exited(first.child);
    await writer;

    const second = startServer();
    running.push(second.child);
    await waitHealthy(second);
    for (const username of acknowledged) {
      const res = await fetch(`${base}/api/usernames/availability?username=${username}`);
      expect((await res.json()).available, username).toBe(false);
    }

    if (!databaseUrl) {
      // One process per PGlite folder: a second opener is refused with a clear message.
      const intruder = startServer({ PORT: String(await freePort()) });
      expect(await exited(intruder.child)).toBe(1);
      expect(intruder.output()).toContain('is in use by another Bay Club process');
    }

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    if (!databaseUrl) expect(fs.existsSync(path.join(dataDir, 'bayclub.lock'))).toBe(false);
  }, 180_000);
});
