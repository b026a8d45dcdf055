import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, runMigrations, type Database } from '../../db/client.js';
import { runBackupCommand } from '../../cli/backup.js';
import { lowCostPasswords } from '../../test/passwords.js';
import { createThrowawayDatabase } from '../../test/server-process.js';
import { BACKUP_ENDPOINT_FILE } from './service.js';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bayclub-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

/** What the command prints, and its exit code. */
async function run(command: 'backup' | 'restore', file: string | undefined, env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBackupCommand(command, file, {
    env,
    log: { log: (...a: unknown[]) => void out.push(a.join(' ')), error: (...a: unknown[]) => void err.push(a.join(' ')) },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const appName = async (database: Database) => {
  const res = await database.db.execute(sql`select setting_value from app_settings where setting_key = 'app_name'`);
  return (res as unknown as { rows: Array<{ setting_value: string }> }).rows[0]?.setting_value ?? null;
};
const setAppName = (database: Database, value: string) =>
  database.db.execute(sql`insert into app_settings (setting_key, setting_value) values ('app_name', ${value})
    on conflict (setting_key) do update set setting_value = excluded.setting_value`);
const backupRows = async (database: Database) => {
  const res = await database.db.execute(sql`select file, bytes, engine from backups order by created_at`);
  return (res as unknown as { rows: Array<{ file: string; bytes: number | string; engine: string }> }).rows;
};
const withFolder = async <T>(dataDir: string, fn: (database: Database) => Promise<T>) => {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await runMigrations(database);
    return await fn(database);
  } finally {
    await database.close();
  }
};

describe('npm run admin -- backup / restore (embedded database)', () => {
  it('round trip without a server: a row written, backed up, changed, restored', async () => {
    const dataDir = await tempDir();
    const file = path.join(await tempDir(), 'club.tar.gz');
    await withFolder(dataDir, (db) => setAppName(db, 'Before the backup'));

    const backup = await run('backup', file, { DATA_DIR: dataDir });
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toContain(`Backed up the database to ${file}`);
    expect(backup.out).toContain('copy the folder');
    const stat = await fs.stat(file);
    expect(stat.size).toBeGreaterThan(1000);
    expect(stat.mode & 0o077).toBe(0); // the owner's only: it holds every member's data

    await withFolder(dataDir, async (db) => {
      expect(await backupRows(db)).toEqual([expect.objectContaining({ file, engine: 'pglite', bytes: expect.anything() })]);
      await setAppName(db, 'Changed after');
    });

    const restore = await run('restore', file, { DATA_DIR: dataDir });
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toMatch(/kept in .*pglite-before-restore-/);
    await withFolder(dataDir, async (db) => expect(await appName(db)).toBe('Before the backup'));
    // The replaced database was kept beside it.
    expect((await fs.readdir(dataDir)).some((n) => n.startsWith('pglite-before-restore-'))).toBe(true);
  });

  // Skipped: this run hangs (over 8 minutes, cause not found yet; issue 23 note). The backup made while the server runs
  // is therefore unproven until it passes.
  it('while the server runs, the server makes the copy (consistent), records it, and the copy restores', async () => {
    const dataDir = await tempDir();
    const config = loadConfig(
      {},
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT: false, DATA_DIR: dataDir, WEB_DIST: '/nonexistent', BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-000' },
    );
    const { app, ctx } = await buildApp(config, { passwords: lowCostPasswords, mailer: { send: async () => {} } });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      await setAppName(ctx.database, 'Live club');
      const endpoint = JSON.parse(await fs.readFile(path.join(dataDir, BACKUP_ENDPOINT_FILE), 'utf8'));
      expect((await fs.stat(path.join(dataDir, BACKUP_ENDPOINT_FILE))).mode & 0o077).toBe(0);

      // Nobody else gets a copy: no token, a wrong token, or a request a proxy forwarded.
      for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token-wrong-token-00' }, { authorization: `Bearer ${endpoint.token}`, 'x-forwarded-for': '203.0.113.9' }]) {
        const res = await app.inject({ method: 'POST', url: '/api/internal/backup', headers, payload: { file: 'x' }, remoteAddress: '127.0.0.1' });
        expect(res.statusCode).toBe(404);
      }

      const file = path.join(await tempDir(), 'live.tar.gz');
      // Writes keep coming while the copy is made. Each write yields to the event loop: PGlite answers in microtasks,
      // so a tight loop of awaits would starve the server's own sockets and the backup request would never be read.
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          await setAppName(ctx.database, `Live club ${i}`);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const backup = await run('backup', file, { DATA_DIR: dataDir });
      writing = false;
      await writer;
      expect(backup.code, backup.err).toBe(0);
      expect(backup.out).toContain("Backed up the running server's database");
      expect(await backupRows(ctx.database)).toEqual([expect.objectContaining({ file, engine: 'pglite' })]);

      const restoredDir = await tempDir();
      const restore = await run('restore', file, { DATA_DIR: restoredDir });
      expect(restore.code, restore.err).toBe(0);
      await withFolder(restoredDir, async (db) => expect(await appName(db)).toMatch(/^Live club/));
    } finally {
      await app.close();
    }
    // The endpoint goes with the server.
    await expect(fs.stat(path.join(dataDir, BACKUP_ENDPOINT_FILE))).rejects.toThrow();
  });

  it('restore refuses while another process has the folder open, and refuses a file that is not a backup', async () => {
    const dataDir = await tempDir();
    await withFolder(dataDir, (db) => setAppName(db, 'Untouched'));
    const file = path.join(await tempDir(), 'b.tar.gz');
    expect((await run('backup', file, { DATA_DIR: dataDir })).code).toBe(0);

    await fs.writeFile(path.join(dataDir, 'bayclub.lock'), String(process.ppid)); // a live process that is not us
    const locked = await run('restore', file, { DATA_DIR: dataDir });
    expect(locked.code).toBe(1);
    expect(locked.err).toContain('stop the server first');
    await fs.rm(path.join(dataDir, 'bayclub.lock'));

    const notABackup = path.join(await tempDir(), 'notes.txt');
    await fs.writeFile(notABackup, 'hello '.repeat(200));
    const refused = await run('restore', notABackup, { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('is not a Bay Club backup');
    await withFolder(dataDir, async (db) => expect(await appName(db)).toBe('Untouched'));
  });

  it.runIf(process.env.TEST_DATABASE_URL)('with DATABASE_URL and pg_dump installed, backup runs pg_dump and records the backup', async () => {
    const throwaway = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!, 'bayclub_backup');
    try {
      const database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolMax: 1 });
      await runMigrations(database);
      await setAppName(database, 'Dumped club');
      const file = path.join(await tempDir(), 'club.dump');
      const backup = await run('backup', file, { DATABASE_URL: throwaway.url, PATH: process.env.PATH });
      expect(backup.code, backup.err).toBe(0);
      expect(backup.out).toContain('Backed up the PostgreSQL database with pg_dump');
      const dump = await fs.readFile(file);
      expect(dump.subarray(0, 5).toString('latin1')).toBe('PGDMP'); // pg_dump's custom format
      // pg_restore reads it back (the custom format is compressed): the row is in it.
      expect(execFileSync('pg_restore', ['--data-only', '--table=app_settings', '--file=-', file], { encoding: 'utf8' })).toContain('Dumped club');
      expect(await backupRows(database)).toEqual([expect.objectContaining({ file, engine: 'postgres' })]);
      await database.close();
    } finally {
      await throwaway.drop();
    }
  });

  it('with DATABASE_URL and a pg_dump that fails, the error is shown without the password and no file is left', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'club.dump');
    const backup = await run('backup', file, { DATABASE_URL: 'postgres://club:s3cret-pw@127.0.0.1:1/club', PATH: process.env.PATH });
    if (backup.out.includes('pg_dump --format=custom')) return; // no pg_dump on this machine: the next test's case
    expect(backup.code).toBe(1);
    expect(backup.err).toContain('pg_dump failed');
    expect(backup.err).not.toContain('s3cret');
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('with DATABASE_URL and no pg_dump, prints the pg_dump / pg_restore commands without the password', async () => {
    const env = { DATABASE_URL: 'postgres://club:s3cret-pw@db.example.com:5432/club', PATH: '/nonexistent' };
    const backup = await run('backup', 'club.dump', env);
    expect(backup.code).toBe(0);
    expect(backup.out).toContain('pg_dump --format=custom --no-owner --file="club.dump" "$DATABASE_URL"');
    expect(backup.out).not.toContain('s3cret');
    const restore = await run('restore', 'club.dump', env);
    expect(restore.out).toContain('pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" "club.dump"');
  });
});
