import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/index.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** updated_at to the microsecond, as text: a JS Date would lose the microseconds and never compare equal. */
const version = sql<string>`(extract(epoch from ${pushSubscriptions.updatedAt}) * 1000000)::bigint::text`;

export interface SavedSubscription {
  userId: string;
  endpoint: string;
  subscriptionData: unknown;
  userAgent: string | null;
}

/**
 * Insert or refresh the row of this endpoint. The endpoint identifies one browser profile on one device, so a
 * row that belonged to another member moves to the caller (the last member to subscribe on that device gets its
 * pushes) and becomes active again.
 */
export async function upsertSubscription(db: DbOrTx, s: SavedSubscription) {
  await db
    .insert(pushSubscriptions)
    .values({ ...s, isActive: true })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: s.userId,
        subscriptionData: s.subscriptionData,
        userAgent: s.userAgent,
        isActive: true,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Whether the member `userId` names (a uuid expression) has an endpoint switched on, as a boolean SQL expression: a
 * write that notifies asks it in its own statement, so nobody without push costs a lookup (issue 25).
 */
export const hasActiveSubscription = (userId: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId} and ${pushSubscriptions.isActive})`;

/** The member's subscriptions that are still switched on. */
export async function activeSubscriptions(db: DbOrTx, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      subscriptionData: pushSubscriptions.subscriptionData,
      version,
    })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.isActive, true)));
}

/** Switch off one endpoint of this member, or all of them; another member's rows are never matched. */
export async function deactivateForUser(db: DbOrTx, userId: string, endpoint?: string) {
  await db
    .update(pushSubscriptions)
    .set({ isActive: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.isActive, true),
        endpoint === undefined ? undefined : eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
}

/**
 * The push service said the subscription is gone (404/410). Only the row as it was when the send started is
 * switched off: if the browser saved it again meanwhile (newer updated_at), that fresh save stands.
 */
export async function deactivateGone(db: DbOrTx, id: string, seenVersion: string) {
  await db
    .update(pushSubscriptions)
    .set({ isActive: false, updatedAt: sql`now()` })
    .where(and(eq(pushSubscriptions.id, id), sql`${version} = ${seenVersion}`));
}
