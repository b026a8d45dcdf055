import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { membershipApplications, profiles } from '../../db/schema/index.js';

export async function findProfile(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row ?? null;
}

export async function findPendingApplicationOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(membershipApplications)
    .where(and(eq(membershipApplications.createdUserId, userId), eq(membershipApplications.status, 'pending')))
    .orderBy(desc(membershipApplications.createdAt))
    .limit(1);
  return row ?? null;
}
