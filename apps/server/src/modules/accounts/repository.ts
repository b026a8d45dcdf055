import { and, eq, sql } from 'drizzle-orm';
import { isLocale, type Locale } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import { accounts, profiles, users } from '../../db/schema/index.js';

export type NewProfile = Omit<typeof profiles.$inferInsert, 'id'>;

/**
 * Create a better-auth user with an email/password credential (hashed by the caller with the app's PasswordHasher,
 * before its transaction: a hash takes a tenth of a second, too long to hold a connection and locks), so the
 * account can be written in the same transaction as its profile.
 */
export async function insertCredentialUser(
  db: DbOrTx,
  input: { name: string; email: string; passwordHash: string; language?: Locale | null },
) {
  const { passwordHash } = input;
  const [user] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, emailVerified: false, language: input.language ?? null })
    .returning({ id: users.id });
  await db.insert(accounts).values({
    accountId: user!.id,
    providerId: 'credential',
    userId: user!.id,
    password: passwordHash,
  });
  return user!.id;
}

/** Link an outside identity (provider and its stable subject id) to a user: better-auth's `account` row. */
export async function insertLinkedAccount(db: DbOrTx, input: { userId: string; providerId: string; accountId: string; scope: string }) {
  await db.insert(accounts).values({ ...input });
}

/** The user an outside identity is linked to, if any. */
export async function findLinkedUserId(db: DbOrTx, providerId: string, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.providerId, providerId), eq(accounts.accountId, accountId)))
    .limit(1);
  return row?.userId ?? null;
}

export async function insertProfile(db: DbOrTx, id: string, profile: NewProfile) {
  await db.insert(profiles).values({ ...profile, id });
}

export async function emailExists(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return !!row;
}

export async function usernameExists(db: DbOrTx, username: string) {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.username, username)).limit(1);
  return !!row;
}

export async function findUserIdByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, sql`lower(${email})`)).limit(1);
  return row?.id ?? null;
}

/**
 * The account an address belongs to, if any (addresses are stored lower-cased, as the email schema writes them),
 * with the language mails to it are written in (null: not known).
 */
export async function accountByEmail(db: DbOrTx, email: string): Promise<{ id: string; language: Locale | null } | null> {
  const [row] = await db.select({ id: users.id, language: users.language }).from(users).where(eq(users.email, email)).limit(1);
  return row ? { id: row.id, language: isLocale(row.language) ? row.language : null } : null;
}
