import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';

/** The member a stored file belongs to (the first key segment of member buckets), for the visibility check. */
export async function findMediaOwner(db: DbOrTx, id: string): Promise<{ id: string; isDeactivated: boolean } | null> {
  const [row] = await db
    .select({ id: profiles.id, isDeactivated: profiles.isDeactivated })
    .from(profiles)
    .where(eq(profiles.id, id))
    .limit(1);
  return row ?? null;
}
