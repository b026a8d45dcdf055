import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db, Engine } from '../../db/client.js';
import { backups } from '../../db/schema/index.js';
import { rowsOf, uuid } from '../../platform/sql.js';
import { recordAudit } from '../audit/index.js';

/**
 * Backups of the embedded database (issue 23, decision 029). PGlite's own dumpDataDir() writes its data folder as a
 * gzipped tarball; restoring starts PGlite from it (loadDataDir). One process owns a PGlite folder (db/lock.ts), so
 * a backup while the server runs is made BY the server: the CLI asks it over a loopback request authenticated by a
 * token the server writes, readable by its owner only, into its data folder (backup-endpoint.json). Without a running
 * server the CLI opens the folder itself. Restore replaces the whole folder and needs the server stopped.
 */

/** The running server's endpoint for the CLI: its port and a token made at start-up (mode 0600). */
export const BACKUP_ENDPOINT_FILE = 'backup-endpoint.json';

export const backupEndpointSchema = z.object({ pid: z.number().int(), port: z.number().int().min(1).max(65535), token: z.string().min(32) });
export type BackupEndpoint = z.infer<typeof backupEndpointSchema>;

export const newBackupToken = () => crypto.randomBytes(32).toString('base64url');

/** The PGlite client behind a database opened on the embedded engine. */
export function pgliteOf(database: Database): PGlite {
  if (database.engine !== 'pglite') throw new Error('Only the embedded database is backed up this way; use pg_dump for PostgreSQL.');
  return (database.db as unknown as { $client: PGlite }).$client;
}

/**
 * A consistent copy of the embedded database as a gzipped tarball. A CHECKPOINT first writes every committed change
 * into the data files; then, holding PGlite's transaction lock (no transaction is open) and its query lock
 * (dumpDataDir takes it), the folder is copied: what the tarball holds is the state between two statements.
 */
export async function dumpPglite(database: Database): Promise<Buffer> {
  const client = pgliteOf(database);
  await client.query('CHECKPOINT');
  const blob = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return Buffer.from(await blob.arrayBuffer());
}

const Inserted = z.object({ id: uuid() });

/** The backups row (the dashboard's "last backup") and its audit entry, in one transaction. */
export async function recordBackup(db: Db, entry: { engine: Engine; file: string; bytes: number }) {
  await db.transaction(async (tx) => {
    const [row] = rowsOf(
      await tx.execute(sql`insert into ${backups} (engine, file, bytes) values (${entry.engine}, ${entry.file}, ${entry.bytes}) returning id`),
      Inserted,
    );
    await recordAudit(tx, null, {
      action: 'backup.create',
      targetType: 'backup',
      targetId: row!.id,
      targetLabel: entry.file.slice(0, 200),
      after: { engine: entry.engine, bytes: entry.bytes },
    });
  });
}

/** Write a file whole or not at all: into a temporary name beside it, then renamed. */
export async function writeFileAtomically(file: string, data: Buffer) {
  const target = path.resolve(file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.partial`;
  await fs.writeFile(temp, data, { mode: 0o600 });
  await fs.rename(temp, target);
}

/** A gzip stream starts with 1f 8b: anything else is not one of our backups. */
export const looksLikeBackup = (data: Buffer) => data.length > 512 && data[0] === 0x1f && data[1] === 0x8b;
