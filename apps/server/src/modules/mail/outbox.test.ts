import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildTestApp } from '../../test/helpers.js';
import { createTestDatabase } from '../../test/database.js';
import { startSmtpPeer } from '../../test/smtp-peer.js';
import { mailOutbox } from '../../db/schema/index.js';
import { openDatabase, runMigrations, type Database } from '../../db/client.js';
import { createMailer } from '../../platform/mailer.js';
import { createMailOutbox, type OutboxTiming } from './outbox.js';

/**
 * The mail outbox against a real SMTP peer and real SQL: mails survive a crash, each is sent once by however many
 * workers share the table, failures are retried with backoff and given up after the last attempt.
 */

const peer = await startSmtpPeer();
afterAll(() => peer.close());

const { database, drop } = await createTestDatabase();
afterAll(drop);
await runMigrations(database);
const db = database.db;

/** Quick retries for the tests; production waits 30 s, 1, 2, 4, 8 minutes. */
const FAST: Partial<OutboxTiming> = { pollMs: 50, leaseMs: 2_000, backoffMs: 20, maxBackoffMs: 100, maxAttempts: 3 };

let seq = 0;
const address = () => `outbox${++seq}-${Date.now().toString(36)}@example.com`;
const rows = () => db.select().from(mailOutbox);

function logCapture() {
  const lines: string[] = [];
  return { lines, log: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) };
}

function outboxOn(on: Database, timing: Partial<OutboxTiming> = FAST, log = pino({ level: 'silent' })) {
  const mailer = createMailer({ smtpUrl: peer.url, from: 'Bay Club <no-reply@bay.test>', log });
  return createMailOutbox({ db: on.db, mailer, log, timing });
}

describe('mail outbox', () => {
  it('a mail written before a crash is sent when the next server starts', async () => {
    const to = address();
    // What a request leaves behind when the process dies right after answering: the row, nothing sent.
    await db.insert(mailOutbox).values({ toAddress: to, subject: 'Reset your password', body: 'Open https://x.test/reset?token=abc' });
    expect(peer.countTo(to)).toBe(0);

    const t = await buildTestApp({ SMTP_URL: peer.url }, { database });
    await vi.waitFor(() => expect(peer.countTo(to)).toBe(1), { timeout: 10_000, interval: 20 });
    await vi.waitFor(async () => expect(await rows()).toEqual([]), { timeout: 5_000, interval: 20 });
    await t.close();
    expect(peer.countTo(to)).toBe(1);
  });

  it('a mail claimed by a process that died is sent by another once its lease runs out', async () => {
    const to = address();
    await db.insert(mailOutbox).values({
      toAddress: to,
      subject: 'Claimed, then the process died',
      body: 'text',
      attempts: 1,
      claimToken: crypto.randomUUID(),
      availableAt: sql`now() + interval '300 milliseconds'`,
    });
    const outbox = outboxOn(database);
    outbox.start();
    await new Promise((r) => setTimeout(r, 150));
    expect(peer.countTo(to)).toBe(0); // still under the dead process's lease
    await vi.waitFor(() => expect(peer.countTo(to)).toBe(1), { timeout: 5_000, interval: 20 });
    await outbox.close();
    expect(await rows()).toEqual([]);
  });

  it('several workers on one database send each mail exactly once', async () => {
    // Each worker has its own connections (on PostgreSQL a pool of its own, as another process would).
    const other = database.engine === 'postgres' ? await openDatabase({ kind: 'postgres', url: postgresUrlOf(database), poolMax: 3 }) : database;
    const recipients = Array.from({ length: 40 }, address);
    await db.insert(mailOutbox).values(recipients.map((to) => ({ toAddress: to, subject: 'Once', body: 'text' })));
    const workers = [outboxOn(database, { ...FAST, batch: 3 }), outboxOn(other, { ...FAST, batch: 3 }), outboxOn(database, { ...FAST, batch: 3 })];
    const claimed = await Promise.all(workers.map((w) => w.drainDue()));
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(40);
    expect(claimed.filter((n) => n > 0).length).toBeGreaterThan(1); // they really did share the work
    for (const to of recipients) expect(peer.countTo(to), to).toBe(1);
    expect(await rows()).toEqual([]);
    await Promise.all(workers.map((w) => w.close()));
    if (other !== database) await other.close();
  });

  it('retries a refused mail with backoff and sends it once the server takes it', async () => {
    const to = address();
    const { lines, log } = logCapture();
    const outbox = outboxOn(database, FAST, log);
    peer.refuseNext(2);
    const started = Date.now();
    await outbox.send({ to, subject: 'Reset your password', text: 'Open https://x.test/reset-password?token=SECRET-TOKEN-1' });
    outbox.start();
    await vi.waitFor(() => expect(peer.countTo(to)).toBe(1), { timeout: 5_000, interval: 10 });
    // Two failures: waits of 20 and 40 ms at least before the third attempt.
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    await vi.waitFor(async () => expect(await rows()).toEqual([]), { timeout: 5_000, interval: 20 });
    await outbox.close();
    const retries = lines.map((l) => JSON.parse(l) as { msg: string; attempts?: number }).filter((l) => l.msg === 'Mail not sent; will retry');
    expect(retries.map((l) => l.attempts)).toEqual([1, 2]);
    expect(lines.join('\n')).not.toContain('SECRET-TOKEN');
  });

  it('gives up after the last attempt, logs it without the mail body, and deletes the row', async () => {
    const to = address();
    const { lines, log } = logCapture();
    const outbox = outboxOn(database, FAST, log);
    peer.refuseAll(true);
    try {
      await outbox.send({ to, subject: 'Reset your password', text: 'Open https://x.test/reset-password?token=SECRET-TOKEN-2' });
      outbox.start();
      await vi.waitFor(() => expect(lines.some((l) => l.includes('Mail given up'))).toBe(true), { timeout: 5_000, interval: 10 });
    } finally {
      peer.refuseAll(false);
      await outbox.close();
    }
    expect(peer.countTo(to)).toBe(0);
    expect(await rows()).toEqual([]);
    const given = lines.map((l) => JSON.parse(l) as { msg: string; attempts?: number; level: number }).find((l) => l.msg.startsWith('Mail given up'))!;
    expect(given).toMatchObject({ attempts: 3, level: 50 });
    expect(lines.join('\n')).not.toContain('SECRET-TOKEN');
  });

  it('keeps a mail that failed with its last error until it is retried', async () => {
    const to = address();
    const outbox = outboxOn(database, { ...FAST, backoffMs: 60_000, maxBackoffMs: 60_000 });
    peer.refuseNext(1);
    await outbox.enqueue(db, { to, subject: 'Later', text: 'text' });
    expect(await outbox.drainDue()).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({ toAddress: to, attempts: 1, claimToken: null });
    expect(row!.lastError).toMatch(/451|busy/i);
    expect(row!.availableAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: nothing is claimed.
    expect(await outbox.drainDue()).toBe(0);
    await outbox.close();
    await db.delete(mailOutbox);
  });
});

/** The connection URL of a test database on the PostgreSQL server (its pool knows it). */
function postgresUrlOf(d: Database): string {
  const pool = (d.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}
