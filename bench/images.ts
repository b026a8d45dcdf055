// Image pipeline benchmark (issue 3), printed, never asserted:
//  1. time to process one 12-megapixel photo into its WebP variants (median and p95), in this process;
//  2. peak memory (RSS) of a real server process while 10 gallery uploads of that photo run at once.
// Run: npm run bench:images
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processImage } from '../apps/server/src/platform/images.js';
import { twelveMegapixelJpeg } from '../apps/server/src/test/image-fixtures.js';

const PORT = 3901;
const base = `http://127.0.0.1:${PORT}`;
const origin = `http://localhost:${PORT}`;
const RUNS = 15;
const UPLOADS = 10;

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Resident set size of a process, from /proc (Linux). */
function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

const photo = await twelveMegapixelJpeg();
console.log(`input: 4000x3000 JPEG, ${(photo.length / 1024 / 1024).toFixed(2)} MB`);

// 1. Processing time.
await processImage(photo); // warm-up (libvips start-up)
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  await processImage(photo);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(`process 12 MP photo into 3 variants: median ${quantile(times, 0.5).toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms (${RUNS} runs)`);

// 2. Server memory under 10 concurrent uploads.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bayclub-bench-img-'));
let output = '';
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT: 'false', DATABASE_URL: '', PUBLIC_URL: origin },
  stdio: ['ignore', 'pipe', 'inherit'],
});
child.stdout.on('data', (d: Buffer) => (output += d.toString()));

async function json(method: string, url: string, body: unknown, cookie = '') {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(body),
  });
  const setCookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return { cookie: setCookie || cookie, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

try {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    const token = /setup\?token=([A-Za-z0-9_-]+)/.exec(output)?.[1];
    if (token) {
      try {
        const res = await fetch(`${base}/api/health`);
        if (res.ok) break;
      } catch {
        /* not up yet */
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const token = /setup\?token=([A-Za-z0-9_-]+)/.exec(output)![1]!;
  const admin = await json('POST', '/api/setup/admin', { token, name: 'Bench Admin', email: 'admin@bench.test', username: 'benchadmin', password: 'bench-pass' });

  // Ten members, approved so they may fill their galleries.
  const members: string[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    const applied = await json('POST', '/api/applications', {
      name: `Bench ${i}`,
      email: `bench${i}@bench.test`,
      password: 'bench-pass',
      username: `bench${i}`,
      age: 30,
      city: 'tampa',
    });
    members.push(applied.cookie);
  }
  const listRes = await fetch(`${base}/api/admin/applications?status=pending&limit=50`, { headers: { cookie: admin.cookie } });
  const list = (await listRes.json()) as { items: Array<{ id: string }> };
  for (const app of list.items) {
    await json('POST', `/api/admin/applications/${app.id}/approve`, {}, admin.cookie);
  }

  const pid = child.pid!;
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 10);
  const started = performance.now();
  const statuses = await Promise.all(
    members.map(async (cookie) => {
      const form = new FormData();
      form.append('captions', JSON.stringify(['bench']));
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const res = await fetch(`${base}/api/me/images`, { method: 'POST', headers: { origin, cookie }, body: form });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rss(pid));
  const ok = statuses.filter((s) => s === 201).length;
  console.log(`${UPLOADS} concurrent 12 MP gallery uploads: ${ok}/${UPLOADS} stored in ${seconds.toFixed(1)} s`);
  console.log(`server RSS: ${mb(before)} before, peak ${mb(peak)} during (+${mb(peak - before)}; ${((peak - before) / UPLOADS / 1024 / 1024).toFixed(0)} MB per upload in flight)`);
  if (ok !== UPLOADS) console.log(`statuses: ${statuses.join(', ')}`);
} finally {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
