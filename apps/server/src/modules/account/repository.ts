import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { profiles, sessions, userRoles, users } from '../../db/schema/index.js';

export async function userExists(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  return !!row;
}

export async function setDeactivated(db: DbOrTx, id: string, value: boolean) {
  const rows = await db
    .update(profiles)
    .set({ isDeactivated: value, updatedAt: sql`now()` })
    .where(and(eq(profiles.id, id), eq(profiles.isDeactivated, !value)))
    .returning({ id: profiles.id });
  return rows.length > 0;
}

export async function profileExists(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id));
  return !!row;
}

export async function deleteAllSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Admins other than this user (whatever their state: a deactivated admin can sign in and reactivate). */
export async function otherAdminExists(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, userId)))
    .limit(1);
  return !!row;
}

export async function isAdminUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.role, 'admin'), eq(userRoles.userId, userId)))
    .limit(1);
  return !!row;
}

/** Deleting the user cascades to every row that belongs to them (profile, photos, logs, sessions, roles, ...). */
export async function deleteUser(db: DbOrTx, id: string) {
  await db.delete(users).where(eq(users.id, id));
}
