import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { dataDeletionRequests } from '../../db/schema/index.js';

export type DeletionRequestRow = typeof dataDeletionRequests.$inferSelect;
type NewRequest = typeof dataDeletionRequests.$inferInsert;

export async function insertRequest(db: DbOrTx, values: NewRequest) {
  await db.insert(dataDeletionRequests).values(values);
}

/** Requests for one address run one after another (the mail interval is checked and written in one step). */
export async function lockAddress(tx: DbOrTx, emailHash: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${emailHash}, 24))`);
}

/** Whether the address was mailed a confirmation link since `since`. */
export async function mailedSince(db: DbOrTx, emailHash: string, since: Date) {
  const [row] = await db
    .select({ id: dataDeletionRequests.id })
    .from(dataDeletionRequests)
    .where(and(eq(dataDeletionRequests.emailHash, emailHash), isNotNull(dataDeletionRequests.mailedAt), gt(dataDeletionRequests.mailedAt, since)))
    .orderBy(desc(dataDeletionRequests.mailedAt))
    .limit(1);
  return !!row;
}

export async function findByCode(db: DbOrTx, code: string): Promise<DeletionRequestRow | null> {
  const [row] = await db.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.code, code));
  return row ?? null;
}

export async function findByTokenHash(db: DbOrTx, tokenHash: string): Promise<DeletionRequestRow | null> {
  const [row] = await db.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Use a confirmation token: only a received, unexpired request whose account still exists; the token is cleared
 * (single use) and the request reads done: the caller deletes the account in the same transaction. Returns the account
 * to delete, or null when the token no longer counts.
 */
export async function claimToken(tx: DbOrTx, tokenHash: string, now: Date): Promise<{ id: string; userId: string } | null> {
  const [row] = await tx
    .update(dataDeletionRequests)
    .set({ status: 'done', tokenHash: null, confirmedAt: now, doneAt: now })
    .where(
      and(
        eq(dataDeletionRequests.tokenHash, tokenHash),
        eq(dataDeletionRequests.status, 'received'),
        gt(dataDeletionRequests.expiresAt, now),
        isNotNull(dataDeletionRequests.userId),
      ),
    )
    .returning({ id: dataDeletionRequests.id, userId: dataDeletionRequests.userId });
  return row?.userId ? { id: row.id, userId: row.userId } : null;
}

