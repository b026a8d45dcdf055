import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  applyMember,
  createThrowawayDatabase,
  expectStatus,
  startHealthyServer,
  type ProcessMember,
  type ServerProcess,
  type ThrowawayDatabase,
} from '../../test/server-process.js';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';

/**
 * Two real server processes on one PostgreSQL database share the mail outbox: every mail, whichever process
 * wrote it and whichever claims it, reaches the SMTP server exactly once.
 *
 * PostgreSQL only: a PGlite folder has exactly one opener (outbox.test.ts covers several workers on both engines).
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const servers: ServerProcess[] = [];
let database: ThrowawayDatabase | undefined;
let peer: SmtpPeer | undefined;

beforeAll(async () => {
  if (!serverUrl) return;
  // A slow provider, so both processes are busy sending at the same time.
  peer = await startSmtpPeer({ delayMs: 100 });
  database = await createThrowawayDatabase(serverUrl, 'bayclub_mail');
  for (let i = 0; i < 2; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bayclub-mail-'));
    dirs.push(dir);
    servers.push(await startHealthyServer({ dataDir: dir, databaseUrl: database.url, env: { SMTP_URL: peer.url } }));
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await peer?.close();
  await database?.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!serverUrl)('mail outbox across two server processes', () => {
  it('sends each mail exactly once, whichever process wrote or claimed it', async () => {
    const [p1, p2] = servers as [ServerProcess, ServerProcess];
    const members: ProcessMember[] = [];
    for (let i = 0; i < 12; i++) members.push(await applyMember((i % 2 ? p2 : p1).base, 'mailproc'));

    // Mails left in the table (as by a process that died after writing them): whichever worker gets there first.
    const orphans = Array.from({ length: 20 }, (_, i) => `orphan${i}-${Date.now().toString(36)}@example.com`);
    const sql = new pg.Client({ connectionString: database!.url });
    await sql.connect();
    try {
      for (const to of orphans) {
        await sql.query('insert into mail_outbox (to_address, subject, body) values ($1, $2, $3)', [to, 'Left behind', 'text']);
      }
    } finally {
      await sql.end();
    }

    // Reset requests on both processes at once: each one kicks its own worker, and both claim from the one table.
    await Promise.all(
      members.map((m, i) =>
        expectStatus(200, (i % 2 ? p1 : p2).base, 'POST', '/api/auth/request-password-reset', {
          body: { email: m.email, redirectTo: '/reset-password' },
        }),
      ),
    );

    const everyone = [...members.map((m) => m.email), ...orphans];
    await vi.waitFor(() => expect(everyone.filter((to) => peer!.countTo(to) === 0)).toEqual([]), { timeout: 60_000, interval: 100 });
    // Give a duplicate, if there were one, time to arrive.
    await new Promise((r) => setTimeout(r, 1_000));
    for (const to of everyone) expect(peer!.countTo(to), to).toBe(1);
    expect(peer!.received).toHaveLength(everyone.length);

    const left = new pg.Client({ connectionString: database!.url });
    await left.connect();
    try {
      expect((await left.query('select count(*)::int as n from mail_outbox')).rows[0].n).toBe(0);
    } finally {
      await left.end();
    }
  });
});
