// Starts a fresh server for the browser journeys: a new PGlite folder, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL; creates the e2e admin, then runs main.ts.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, runMigrations } from '../../apps/server/src/db/client.js';
import { insertCredentialUser, insertProfile } from '../../apps/server/src/modules/accounts/repository.js';
import { betterAuthPasswords } from '../../apps/server/src/modules/auth/passwords.js';
import { userRoles } from '../../apps/server/src/db/schema/index.js';
import { startTileServer } from '../../apps/server/src/test/tile-server.js';
import { E2E_ADMIN } from './accounts.js';
import { serverStdoutPath } from './mail-log.js';

const port = process.env.E2E_PORT ?? '3100';
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  RATE_LIMIT: 'false',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  // The chat journey previews a link to a page of this very server (loopback): allowed for this test server only.
  LINK_PREVIEW_ALLOW_PRIVATE: 'true',
};

// Maps take their tiles from a local double (tests run offline): it answers like a tile server, on its own origin,
// so the Content-Security-Policy's img-src for the configured host is exercised too.
const tiles = await startTileServer();
env.MAP_TILE_URL = tiles.urlTemplate;
env.MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

let cleanup = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const name = `bayclub_e2e_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
} else {
  env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'bayclub-e2e-'));
  delete env.DATABASE_URL;
}

const database = await openDatabase(
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR! },
);
await runMigrations(database);
// The journeys' server hashes with better-auth's own scrypt, as production does (decision 020).
const adminPasswordHash = await betterAuthPasswords.hash(E2E_ADMIN.password);
await database.db.transaction(async (tx) => {
  const id = await insertCredentialUser(tx, { name: E2E_ADMIN.name, email: E2E_ADMIN.email, passwordHash: adminPasswordHash });
  await insertProfile(tx, id, {
    accountType: 'full_platform',
    applicationStatus: 'approved',
    fullName: E2E_ADMIN.name,
    email: E2E_ADMIN.email,
    username: E2E_ADMIN.username,
    city: 'tampa',
  });
  await tx.insert(userRoles).values({ userId: id, role: 'admin' });
});
await database.close();

// The server's stdout is also written to a file the journeys read the printed mails from (support/mail-log.ts).
const mailLog = fs.createWriteStream(serverStdoutPath(port), { flags: 'w' });
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: ['inherit', 'pipe', 'inherit'], env });
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  mailLog.write(chunk);
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  await tiles.close().catch(() => {});
  await cleanup().catch(() => {});
  if (env.DATA_DIR) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  process.exit(code ?? 0);
});
