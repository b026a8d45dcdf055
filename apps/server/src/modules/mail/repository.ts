import crypto from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { Mail } from '../../platform/mailer.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** `now()` plus a number of milliseconds, in the database's clock (every process agrees on it). */
const inMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;

const outboxValues = (mail: Mail) => ({
  toAddress: mail.to,
  subject: mail.subject,
  body: mail.text,
  html: mail.html ?? null,
  headers: mail.headers ?? null,
});

/** Many mails in one statement (a reminder's or a digest run's recipients). */
export async function insertMails(db: DbOrTx, mails: Mail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(mails.map(outboxValues));
}

export async function insertMail(db: DbOrTx, mail: Mail): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values(outboxValues(mail))
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Claim up to `limit` due mails for `leaseMs`: one statement, so two processes never claim the same row (the
 * second skips rows the first has locked, and re-checks `available_at` on rows it committed meanwhile). The
 * claim counts as an attempt.
 */
export async function claimDue(db: DbOrTx, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(lte(mailOutbox.availableAt, sql`now()`))
    .orderBy(asc(mailOutbox.availableAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ availableAt: inMs(leaseMs), claimToken: crypto.randomUUID(), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(inArray(mailOutbox.id, due), lte(mailOutbox.availableAt, sql`now()`)))
    .returning();
}

/** Remove a mail that was sent (or given up), unless another process has claimed it since. */
export async function deleteClaimed(db: DbOrTx, row: Pick<OutboxRow, 'id' | 'claimToken'>): Promise<void> {
  await db.delete(mailOutbox).where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, row.claimToken!)));
}

/** Try a failed mail again in `delayMs`; the error is kept for an operator. */
export async function reschedule(db: DbOrTx, row: Pick<OutboxRow, 'id' | 'claimToken'>, delayMs: number, error: string) {
  await db
    .update(mailOutbox)
    .set({ availableAt: inMs(delayMs), claimToken: null, lastError: error.slice(0, 500) })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, row.claimToken!)));
}
