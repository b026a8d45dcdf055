import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { instagramLinkStates, profiles } from '../../db/schema/index.js';

/** A started link; stale rows of anyone are swept on the way (they are useless after expiry). */
export async function insertState(db: DbOrTx, row: { stateHash: string; userId: string; expiresAt: Date }) {
  await db.delete(instagramLinkStates).where(lt(instagramLinkStates.expiresAt, sql`now()`));
  await db.insert(instagramLinkStates).values(row);
}

/** Spend a state: deleted whatever happens next, so it works once. Null when unknown, expired or another member's. */
export async function takeState(db: DbOrTx, stateHash: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(instagramLinkStates)
    .where(and(eq(instagramLinkStates.stateHash, stateHash), eq(instagramLinkStates.userId, userId)))
    .returning({ expiresAt: instagramLinkStates.expiresAt });
  return rows.length > 0 && rows[0]!.expiresAt.getTime() > Date.now();
}

/** Whether another member already has this Instagram account linked. */
export async function linkedElsewhere(db: DbOrTx, instagramUserId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.instagramUserId, instagramUserId), ne(profiles.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Spec 7: the profile update of a link (the verified username replaces a typed one). */
export async function setLink(db: DbOrTx, userId: string, link: { instagramUserId: string; username: string }) {
  await db
    .update(profiles)
    .set({ instagramOauthConnected: true, instagramUserId: link.instagramUserId, instagramUsername: link.username, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}

/** Spec 7: disconnect clears all three fields. */
export async function clearLink(db: DbOrTx, userId: string) {
  await db
    .update(profiles)
    .set({ instagramOauthConnected: false, instagramUserId: null, instagramUsername: null, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}

