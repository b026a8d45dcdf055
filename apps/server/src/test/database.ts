import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openDatabase, runMigrations, type Database } from '../db/client.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again when the file is done).
 *
 * Both start from a template migrated once per set of migration files (PGlite: a data-folder tarball in the
 * temp folder; PostgreSQL: a template database): a new PGlite runs initdb (2-4 s on a busy 2-core machine) and
 * the migrations take another second per file, while loading the tarball takes about half a second.
 * Callers still run the migrations (nothing is left to apply), so a database is the same either way.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
    return { database, drop: async () => database.close() };
  }
  const template = await postgresTemplate(serverUrl);
  const name = `bayclub_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolMax: 5 });
  return {
    database,
    async drop() {
      await database.close();
      await withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A short hash of every migration file: a changed or added migration gets a new template. */
function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `bayclub-test-template-${migrationsHash()}.tar`);
  if (!fs.existsSync(file)) {
    // Parallel test files may build it at the same moment: each writes its own copy and renames it into place.
    const database = await openDatabase({ kind: 'pglite' });
    await runMigrations(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('none');
    await database.close();
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * The template database's name, built when missing: migrated under another name and renamed when done, under an
 * advisory lock, so a test file never copies a half-migrated template.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `bayclub_template_${migrationsHash()}`;
  return withAdmin(serverUrl, async (admin) => {
    const exists = async () => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('SELECT pg_advisory_lock(4242001)');
    try {
      if (await exists()) return name;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, building), poolMax: 2 });
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(4242001)');
    }
  });
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
