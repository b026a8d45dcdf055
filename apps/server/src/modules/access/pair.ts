import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';

/** Matches and conversations store the smaller id first (spec section 3). */
export const orderedPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/**
 * Lock both members' profile rows for the transaction, in id order (one fixed order, so two such transactions
 * never deadlock). Every write between two members takes it: saying hi and accepting (locking the sender
 * serialises their hellos, the daily limit; locking the recipient too serialises two members saying hi to each
 * other at once, so the second sees the first hello and matches), and blocking (a hello answered at that very
 * moment either commits first and its match is ended, or waits and then sees the block).
 */
export async function lockPair(tx: DbOrTx, a: string, b: string) {
  await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(inArray(profiles.id, [a, b]))
    .orderBy(asc(profiles.id))
    .for('update');
}
