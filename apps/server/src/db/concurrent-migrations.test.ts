import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { countMigrations, openDatabase, runMigrations } from './client.js';

// Several server processes starting at once on one fresh PostgreSQL database (a rolling deploy, two instances)
// must all come up: one applies the migrations, the others wait on the advisory lock and find nothing to do.
// PGlite has one opener per folder, so there is nothing to race there.
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations from several processes at once', () => {
  it('succeed in every process and apply each migration once', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `bayclub_mig_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 })));
    try {
      const counts = await Promise.all(databases.map((d) => runMigrations(d)));
      const applied = await countMigrations(databases[0]!);
      expect(counts).toEqual([applied, applied, applied]);
      expect(applied).toBeGreaterThan(0);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
