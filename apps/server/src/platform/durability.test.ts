import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, freePort, startServer, type ServerProcess, type ThrowawayDatabase } from '../test/server-process.js';

/**
 * The real server process, killed with SIGKILL while it takes applications: every acknowledged
 * application is there after a restart, the database opens without repair, and a stale PGlite lock
 * left by the dead process does not block the new one. A second process on the same folder is refused.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bayclub-durability-'));
let database: ThrowawayDatabase | undefined;

const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) await s.kill();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('durability of the real server process', () => {
  it('keeps every acknowledged application across a SIGKILL and restarts cleanly', async () => {
    if (process.env.TEST_DATABASE_URL) database = await createThrowawayDatabase(process.env.TEST_DATABASE_URL, 'bayclub_dur');
    const port = await freePort();
    const start = (extra: { port?: number } = {}) => {
      const s = startServer({ dataDir, databaseUrl: database?.url, port: extra.port ?? port });
      running.push(s);
      return s;
    };
    const first = start();
    await first.waitHealthy();
    const base = first.base;

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
    await first.kill();
    await writer;

    // Same port, same data: a restart of the same server.
    const second = start();
    await second.waitHealthy();
    for (const username of acknowledged) {
      const res = await fetch(`${base}/api/usernames/availability?username=${username}`);
      expect((await res.json()).available, username).toBe(false);
    }

    if (!database) {
      // One process per PGlite folder: a second opener is refused with a clear message.
      const intruder = start({ port: await freePort() });
      expect(await intruder.exited()).toBe(1);
      expect(intruder.output()).toContain('is in use by another Bay Club process');
    }

    expect(await second.stop()).toBe(0);
    if (!database) expect(fs.existsSync(path.join(dataDir, 'bayclub.lock'))).toBe(false);
  }, 180_000);
});
