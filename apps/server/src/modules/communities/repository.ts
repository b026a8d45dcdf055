import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { City, CommunityMemberRole, MembershipStatus } from '@bayclub/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { communities, communityMembers, postImages, posts, profiles } from '../../db/schema/index.js';
import { exactInstant } from '../../platform/cursor.js';
import { columnOf, rowsOf } from '../../platform/sql.js';
import { blockedBetween, memberColumns } from '../access/index.js';

export type CommunityRow = typeof communities.$inferSelect;
export type MembershipRow = typeof communityMembers.$inferSelect;

/** The A-Z list's keyset: the lower-cased name and the id. */
export interface NameCursor {
  n: string;
  i: string;
}

/** The Members tab's keyset: role rank (creator 0, moderators 1, members 2), time (newest first) and user id. */
export interface MemberCursor {
  r: number;
  c: string;
  i: string;
}

const roleRank = sql<number>`(case ${communityMembers.role} when 'creator' then 0 when 'moderator' then 1 else 2 end)`;

export async function findCommunity(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<CommunityRow | null> {
  const q = db.select().from(communities).where(eq(communities.id, id)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** A community and the caller's membership row in it (one query; no membership for visitors). */
export async function findCommunityFor(db: DbOrTx, id: string, userId: string | null) {
  const [row] = await db
    .select({ community: communities, role: communityMembers.role, status: communityMembers.status })
    .from(communities)
    .leftJoin(
      communityMembers,
      and(eq(communityMembers.communityId, communities.id), userId ? eq(communityMembers.userId, userId) : sql`false`),
    )
    .where(eq(communities.id, id))
    .limit(1);
  if (!row) return null;
  return { community: row.community, membership: row.role && row.status ? { role: row.role, status: row.status } : null };
}

export async function findMembership(db: DbOrTx, communityId: string, userId: string, opts: { lock?: boolean } = {}): Promise<MembershipRow | null> {
  const q = db
    .select()
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertCommunity(db: DbOrTx, values: typeof communities.$inferInsert): Promise<CommunityRow> {
  const [row] = await db.insert(communities).values(values).returning();
  return row!;
}

export async function updateCommunity(db: DbOrTx, id: string, values: Partial<typeof communities.$inferInsert>): Promise<CommunityRow | null> {
  const [row] = await db
    .update(communities)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(communities.id, id))
    .returning();
  return row ?? null;
}

export async function deleteCommunity(db: DbOrTx, id: string) {
  await db.delete(communities).where(eq(communities.id, id));
}

/** member_count moves with the active rows, in the transaction that changes them (the caller holds the row lock). */
export async function adjustMemberCount(db: DbOrTx, id: string, delta: number): Promise<number> {
  const [row] = await db
    .update(communities)
    .set({ memberCount: sql`${communities.memberCount} + ${delta}` })
    .where(eq(communities.id, id))
    .returning({ n: communities.memberCount });
  return row?.n ?? 0;
}

export async function insertMembership(
  db: DbOrTx,
  m: { communityId: string; userId: string; role: CommunityMemberRole; status: MembershipStatus },
): Promise<MembershipRow> {
  const [row] = await db.insert(communityMembers).values(m).returning();
  return row!;
}

/** Change a membership; `restart` sets its time to now (joined when a request is approved, banned when banned). */
export async function updateMembership(
  db: DbOrTx,
  communityId: string,
  userId: string,
  set: { role?: CommunityMemberRole; status?: MembershipStatus; restart?: boolean },
): Promise<MembershipRow | null> {
  const [row] = await db
    .update(communityMembers)
    .set({
      ...(set.role ? { role: set.role } : {}),
      ...(set.status ? { status: set.status } : {}),
      ...(set.restart ? { createdAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteMembership(db: DbOrTx, communityId: string, userId: string): Promise<MembershipRow | null> {
  const [row] = await db
    .delete(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .returning();
  return row ?? null;
}

/** The creator and moderators (active, not deactivated): who hears of a join request. */
export async function staffIds(db: DbOrTx, communityId: string): Promise<string[]> {
  const rows = await db
    .select({ id: communityMembers.userId })
    .from(communityMembers)
    .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
    .where(
      and(
        eq(communityMembers.communityId, communityId),
        eq(communityMembers.status, 'active'),
        inArray(communityMembers.role, ['creator', 'moderator']),
        eq(profiles.isDeactivated, false),
      ),
    );
  return rows.map((r) => r.id);
}

/** A member's card fields (the creator on a community's page), or null when deactivated or blocked either way. */
export async function findVisibleMember(db: DbOrTx, userId: string, viewerId: string) {
  const [row] = await db
    .select(memberColumns(profiles))
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.isDeactivated, false), sql`not ${blockedBetween(profiles.id, sql`${viewerId}::uuid`)}`))
    .limit(1);
  return row ?? null;
}

/** `%`, `_` and `\` are literal in a search. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The public list: every community (public and private are listed), A-Z by name, keyset on (lower(name), id);
 * `q` matches anywhere in the name (the trigram index), `city` narrows to one city.
 */
export async function listCommunities(db: DbOrTx, f: { q?: string; city?: City; cursor: NameCursor | null; limit: number }) {
  const lowerName = sql`lower(${communities.name})`;
  const where: SQL[] = [];
  if (f.q) where.push(sql`${lowerName} like ${likePattern(f.q)}`);
  if (f.city) where.push(eq(communities.city, f.city));
  if (f.cursor) where.push(sql`(${lowerName}, ${communities.id}) > (${f.cursor.n}, ${f.cursor.i}::uuid)`);
  return db
    .select({ community: communities, lowerName: sql<string>`${lowerName}` })
    .from(communities)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(lowerName), asc(communities.id))
    .limit(f.limit + 1);
}

/** "Your communities": active memberships and pending requests, A-Z (at most `max`). */
export async function myCommunities(db: DbOrTx, userId: string, max: number) {
  return db
    .select({ community: communities, role: communityMembers.role, status: communityMembers.status })
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .where(and(eq(communityMembers.userId, userId), inArray(communityMembers.status, ['active', 'pending'])))
    .orderBy(asc(sql`lower(${communities.name})`), asc(communities.id))
    .limit(max);
}

/**
 * Discover, in one statement: communities the viewer has no membership row in (not joined, not asked, not
 * banned), ranked by topics shared with the viewer's interests, then the viewer's city, then size.
 */
export async function discover(db: DbOrTx, userId: string, limit: number): Promise<CommunityRow[]> {
  const me = sql`${userId}::uuid`;
  const mine = sql`coalesce((select p.interests from ${profiles} p where p.id = ${me}), '{}'::text[])`;
  const myCity = sql`(select p.city from ${profiles} p where p.id = ${me})`;
  return db
    .select()
    .from(communities)
    .where(sql`not exists (select 1 from ${communityMembers} m where m.community_id = ${communities.id} and m.user_id = ${me})`)
    .orderBy(
      sql`cardinality(array(select unnest(${communities.interests}) intersect select unnest(${mine}))) desc`,
      sql`(${communities.city} is not distinct from ${myCity} and ${communities.city} is not null) desc`,
      sql`${communities.memberCount} desc`,
      asc(communities.id),
    )
    .limit(limit);
}

/**
 * One page of a community's members with one status, as `viewerId` may see them: deactivated members and members
 * blocked either way are left out. Creator, moderators, then members; newest first within each.
 */
export async function listMembers(
  db: DbOrTx,
  communityId: string,
  status: MembershipStatus,
  viewerId: string,
  cursor: MemberCursor | null,
  limit: number,
) {
  const where: SQL[] = [
    eq(communityMembers.communityId, communityId),
    eq(communityMembers.status, status),
    eq(profiles.isDeactivated, false),
    sql`not ${blockedBetween(communityMembers.userId, sql`${viewerId}::uuid`)}`,
  ];
  if (cursor) {
    where.push(
      sql`(${roleRank} > ${cursor.r} or (${roleRank} = ${cursor.r} and (${communityMembers.createdAt}, ${communityMembers.userId}) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)))`,
    );
  }
  return db
    .select({
      member: memberColumns(profiles),
      role: communityMembers.role,
      status: communityMembers.status,
      createdAt: communityMembers.createdAt,
      rank: roleRank,
      at: exactInstant(communityMembers.createdAt),
    })
    .from(communityMembers)
    .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
    .where(and(...where))
    .orderBy(asc(roleRank), sql`${communityMembers.createdAt} desc`, sql`${communityMembers.userId} desc`)
    .limit(limit + 1);
}

/** One member's row with their card (after a change, for the answer). */
export async function findMemberView(db: DbOrTx, communityId: string, userId: string) {
  const [row] = await db
    .select({ member: memberColumns(profiles), role: communityMembers.role, status: communityMembers.status, createdAt: communityMembers.createdAt })
    .from(communityMembers)
    .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** An upload row's key or one of a post's own keys: the same storage keys. */
const imageKeyRow = z.object({ key: columnOf(postImages, 'storage_key') });

/** Storage keys of the images of a community's posts (the post_images rows and the posts' own key lists). */
export async function postImageKeys(db: DbOrTx, communityId: string): Promise<string[]> {
  const res = await db.execute(sql`
    select i.storage_key as key from ${postImages} i join ${posts} p on p.id = i.post_id where p.community_id = ${communityId}::uuid
    union
    select unnest(p.image_keys) as key from ${posts} p where p.community_id = ${communityId}::uuid
  `);
  return rowsOf(res, imageKeyRow).map((r) => r.key);
}

/** The upload rows of a community's posts go with it (their files are scheduled for deletion by the caller). */
export async function deletePostImageRows(db: DbOrTx, communityId: string) {
  await db.execute(sql`delete from ${postImages} i using ${posts} p where p.id = i.post_id and p.community_id = ${communityId}::uuid`);
}

export async function findCommunityIdBySlug(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: communities.id }).from(communities).where(eq(communities.urlSlug, slug.toLowerCase())).limit(1);
  return row?.id ?? null;
}
