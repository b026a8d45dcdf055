import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { membershipApplications, profileImages, profilePictureUploadLogs, profiles } from '../../db/schema/index.js';
import type { ProfileUpdate } from '@bayclub/shared';
import type { ProfileRow } from '../access/index.js';

export type ProfileImageRow = typeof profileImages.$inferSelect;

/** Lock the member's profile row for the rest of the transaction (serialises gallery writes per member). */
export async function lockProfile(tx: DbOrTx, id: string) {
  const [row] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id)).for('update');
  return !!row;
}

export async function updateProfileFields(db: DbOrTx, id: string, fields: ProfileUpdate): Promise<ProfileRow | null> {
  const [row] = await db
    .update(profiles)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(profiles.id, id))
    .returning();
  return row ?? null;
}

export async function setProfilePicture(db: DbOrTx, id: string, url: string) {
  await db.update(profiles).set({ profilePictureUrl: url, updatedAt: sql`now()` }).where(eq(profiles.id, id));
}

export async function setPendingApplicationPicture(db: DbOrTx, userId: string, url: string) {
  await db
    .update(membershipApplications)
    .set({ profilePictureUrl: url, updatedAt: sql`now()` })
    .where(and(eq(membershipApplications.createdUserId, userId), eq(membershipApplications.status, 'pending')));
}

export async function hasPendingApplication(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: membershipApplications.id })
    .from(membershipApplications)
    .where(and(eq(membershipApplications.createdUserId, userId), eq(membershipApplications.status, 'pending')))
    .limit(1);
  return !!row;
}

export async function logPictureUpload(
  db: DbOrTx,
  entry: { userId: string; fileName: string | null; fileSize: number | null; status: 'started' | 'success' | 'failed'; error?: string },
) {
  await db.insert(profilePictureUploadLogs).values({
    userId: entry.userId,
    fileName: entry.fileName?.slice(0, 255) ?? null,
    fileSize: entry.fileSize,
    uploadStatus: entry.status,
    errorMessage: entry.error?.slice(0, 1000) ?? null,
  });
}

export async function listImages(db: DbOrTx, userId: string): Promise<ProfileImageRow[]> {
  return db
    .select()
    .from(profileImages)
    .where(eq(profileImages.userId, userId))
    .orderBy(asc(profileImages.imageOrder), asc(profileImages.createdAt));
}

export async function countImages(db: DbOrTx, userId: string) {
  const [row] = await db.select({ n: count() }).from(profileImages).where(eq(profileImages.userId, userId));
  return row?.n ?? 0;
}

export async function insertImages(db: DbOrTx, rows: Array<typeof profileImages.$inferInsert>) {
  if (!rows.length) return [];
  return db.insert(profileImages).values(rows).returning();
}

export async function findOwnImage(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(profileImages)
    .where(and(eq(profileImages.id, id), eq(profileImages.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function deleteImage(db: DbOrTx, userId: string, id: string) {
  const rows = await db
    .delete(profileImages)
    .where(and(eq(profileImages.id, id), eq(profileImages.userId, userId)))
    .returning();
  return rows[0] ?? null;
}

/** Give each id its position; ids must all belong to the member (checked by the caller). */
export async function setImageOrder(db: DbOrTx, userId: string, ids: string[]) {
  if (!ids.length) return;
  const cases = sql.join(
    ids.map((id, i) => sql`WHEN ${id}::uuid THEN ${i}::int`),
    sql` `,
  );
  await db
    .update(profileImages)
    .set({ imageOrder: sql`CASE ${profileImages.id} ${cases} END` })
    .where(and(eq(profileImages.userId, userId), inArray(profileImages.id, ids)));
}

/**
 * Unlink the Instagram account `instagramUserId` from whichever profile holds it (Meta's data-deletion callback):
 * the three linked fields are cleared, as a disconnect does. Returns the members it was unlinked from.
 */
export async function unlinkInstagramAccount(db: DbOrTx, instagramUserId: string): Promise<string[]> {
  const rows = await db
    .update(profiles)
    .set({ instagramOauthConnected: false, instagramUserId: null, instagramUsername: null, updatedAt: sql`now()` })
    .where(eq(profiles.instagramUserId, instagramUserId))
    .returning({ id: profiles.id });
  return rows.map((r) => r.id);
}
