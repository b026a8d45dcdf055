import { eq, sql, type SQL } from 'drizzle-orm';
import type { MemberSummary } from '@bayclub/shared';
import { z } from 'zod';
import { reusedQuery, type DbOrTx } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';
import { columnOf } from '../../platform/sql.js';
import { blockedBetween } from './blocks.js';

// Who may see whom, part two: which members others may see at all, and the one way every feature shows a member
// (the card fields of MemberSummary: never an email or account internals).

export type ProfileRow = typeof profiles.$inferSelect;

const profileById = reusedQuery((db) =>
  db.select().from(profiles).where(eq(profiles.id, sql.placeholder('id'))).limit(1).prepare('profile_by_id'),
);

/** A member's profile row (before any decision about who may see it). */
export async function findProfile(db: DbOrTx, id: string): Promise<ProfileRow | null> {
  const [row] = await profileById(db).execute({ id });
  return row ?? null;
}

const profileSeenBy = reusedQuery((db) => {
  const viewer = sql.placeholder('viewer');
  return db
    .select({ profile: profiles, blocked: sql<boolean>`${blockedBetween(profiles.id, sql`${viewer}::uuid`)}` })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))
    .limit(1)
    .prepare('profile_seen_by');
});

/**
 * A member's profile row and whether a block stands between it and `viewerId` (either way): one statement for a
 * profile page (issue 25), where findProfile then isBlockedEitherWay took two.
 */
export async function findProfileSeenBy(db: DbOrTx, id: string, viewerId: string): Promise<{ profile: ProfileRow; blocked: boolean } | null> {
  const [row] = await profileSeenBy(db).execute({ id, viewer: viewerId });
  return row ? { profile: row.profile, blocked: !!row.blocked } : null;
}

/** SQL true when member `p` (a profiles alias) is an approved, active member: canSeeMembers in SQL. */
export const approvedMemberSql = (p: SQL) =>
  sql`(not ${p}.is_deactivated and (${p}.account_type = 'full_platform' or ${p}.application_status is null or ${p}.application_status = 'approved'))`;

/**
 * The Instagram handle other members see of member `p` (a profiles alias): only one linked through Instagram
 * (decision 033); a typed handle stays off cards and results.
 */
export const linkedInstagramSql = (p: SQL) => sql`case when ${p}.instagram_oauth_connected then ${p}.instagram_username end`;

/** Member `p` (a profiles alias) as JSON with the fields of MemberSummary, for raw SQL that returns members. */
export const memberJson = (p: SQL) =>
  sql`json_build_object('id', ${p}.id, 'fullName', ${p}.full_name, 'username', ${p}.username,
    'profilePictureUrl', ${p}.profile_picture_url, 'isVerified', ${p}.is_verified, 'age', ${p}.age, 'city', ${p}.city)`;

/** What memberJson gives, to check it in a raw row: each field is the profiles column it is built from. */
export const memberJsonSchema = z.object({
  id: columnOf(profiles, 'id'),
  fullName: columnOf(profiles, 'full_name'),
  username: columnOf(profiles, 'username'),
  profilePictureUrl: columnOf(profiles, 'profile_picture_url'),
  isVerified: columnOf(profiles, 'is_verified'),
  age: columnOf(profiles, 'age'),
  city: columnOf(profiles, 'city'),
});
export type MemberJson = z.output<typeof memberJsonSchema>;

/** The columns presentMember reads, for Drizzle selects. */
export const memberColumns = (t: typeof profiles) => ({
  id: t.id,
  fullName: t.fullName,
  username: t.username,
  profilePictureUrl: t.profilePictureUrl,
  isVerified: t.isVerified,
  age: t.age,
  city: t.city,
});

type MemberFields = Pick<ProfileRow, 'id' | 'fullName' | 'username' | 'profilePictureUrl' | 'isVerified' | 'age' | 'city'>;

/** The few public fields shown on cards and lists (a whitelist: never email or account internals). */
export function presentMember(p: MemberFields): MemberSummary {
  return {
    id: p.id,
    fullName: p.fullName,
    username: p.username,
    profilePictureUrl: p.profilePictureUrl,
    isVerified: p.isVerified,
    age: p.age,
    city: p.city,
  };
}
