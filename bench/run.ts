// Benchmarks that print numbers (never asserted): server cold start on a fresh and on an existing
// PGlite folder, and sequential request latency of a few foundation endpoints.
// Run: npm run bench   (needs `npm run build` first for the web shell to be served; not required for the API)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = 3900;
const base = `http://127.0.0.1:${PORT}`;

async function startServer(dataDir: string) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT: 'false', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, ms: performance.now() - started };
}

async function stop(child: ReturnType<typeof spawn>) {
  await new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function latency(url: string, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  return `p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, ${(n / (times.reduce((a, b) => a + b, 0) / 1000)).toFixed(0)} req/s sequential`;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bayclub-bench-'));
const children: ReturnType<typeof spawn>[] = [];
try {
  const first = await startServer(dir);
  children.push(first.child);
  console.log(`cold start, fresh data folder:    ${(first.ms / 1000).toFixed(2)} s`);
  await stop(first.child);
  const second = await startServer(dir);
  children.push(second.child);
  console.log(`cold start, existing data folder: ${(second.ms / 1000).toFixed(2)} s`);
  console.log(`ratio fresh/existing:             ${(first.ms / second.ms).toFixed(1)}x`);
  for (const p of ['/api/health', '/api/settings/public', '/api/landing/stats']) {
    await latency(base + p, 50); // warm-up
    console.log(`GET ${p.padEnd(22)} ${await latency(base + p, 500)}`);
  }

  // Health latency while passwords are being hashed (sign-ins with a wrong password hash too).
  const apply = await fetch(`${base}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: 'bench@x.test', password: 'secret123', username: 'benchuser', age: 30, city: 'tampa' }),
  });
  if (apply.status !== 201) throw new Error(`apply failed: ${apply.status}`);
  let stopLoad = false;
  let signIns = 0;
  const loaders = Array.from({ length: 4 }, async () => {
    while (!stopLoad) {
      const res = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        // better-auth refuses a sign-in without the Origin a browser sends.
        headers: { 'content-type': 'application/json', origin: `http://localhost:${PORT}` },
        body: JSON.stringify({ email: 'bench@x.test', password: 'secret123' }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
      signIns += 1;
    }
  });
  const started = performance.now();
  const underLoad = await latency(`${base}/api/health`, 200);
  const seconds = (performance.now() - started) / 1000;
  stopLoad = true;
  await Promise.all(loaders);
  console.log(`GET /api/health while signing in  ${underLoad} (${(signIns / seconds).toFixed(0)} sign-ins/s alongside)`);
  await stop(second.child);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
}
