import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { membershipApplications, profiles, users } from '../../db/schema/index.js';
import type { Locale } from '@bayclub/shared';

type Application = typeof membershipApplications.$inferSelect;

export async function findPendingApplicationOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(membershipApplications)
    .where(and(eq(membershipApplications.createdUserId, userId), eq(membershipApplications.status, 'pending')))
    .orderBy(desc(membershipApplications.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Recreate a missing profile from the member's pending application (community_only, pending).
 * Without `withDetails` only the name is kept, for when the application's username was taken meanwhile.
 */
export async function insertProfileFromApplication(
  db: DbOrTx,
  user: { id: string; email: string },
  app: Application,
  withDetails: boolean,
) {
  const details = withDetails
    ? {
        username: app.username,
        instagramUsername: app.instagramUsername,
        bio: app.bio,
        age: app.age,
        gender: app.gender,
        relationshipStatus: app.relationshipStatus,
        city: app.city,
        interests: app.interests,
        profilePictureUrl: app.profilePictureUrl,
      }
    : {};
  await db
    .insert(profiles)
    .values({ id: user.id, accountType: 'community_only', applicationStatus: 'pending', email: user.email, fullName: app.name, ...details })
    .onConflictDoNothing({ target: profiles.id });
}

/** The member's language (its change drops their cached session: the users trigger, migration 0004). */
export async function updateLanguage(db: DbOrTx, userId: string, language: Locale) {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
