import { and, eq, sql } from 'drizzle-orm';
import type { CommunityMemberRole, CommunityView, CreateCommunityInput, MembershipStatus } from '@bayclub/shared';
import { communities, communityMembers } from '../db/schema/index.js';
import { injectAs, type TestApp, type TestUser } from './helpers.js';

/**
 * Community factories (issue 10), shared by the communities and posts tests. Two ways in:
 * - createCommunityVia: through POST /api/communities, as a member would (the creator row, member_count 1);
 * - insertCommunity / addMember: direct inserts for data the test only needs to exist. Both keep member_count
 *   equal to the active rows, as the service does.
 */

let seq = 0;
const nextSlug = () => `community-${Date.now().toString(36)}-${(seq += 1)}`;

/** Create a community through the API as `creator`; fails the test on any answer but 201. */
export async function createCommunityVia(t: TestApp, creator: TestUser, overrides: Partial<CreateCommunityInput> = {}): Promise<CommunityView> {
  const urlSlug = overrides.urlSlug ?? nextSlug();
  const payload: CreateCommunityInput = {
    name: `Community ${urlSlug}`.slice(0, 60),
    urlSlug,
    description: 'A place for neighbours.',
    visibility: 'public',
    joinPolicy: 'open',
    city: 'tampa',
    interests: [],
    ...overrides,
  };
  const res = await injectAs(t, creator, { method: 'POST', url: '/api/communities', payload });
  if (res.statusCode !== 201) throw new Error(`create community failed: ${res.statusCode} ${res.body}`);
  return res.json() as CommunityView;
}

export interface InsertCommunityValues {
  name?: string;
  urlSlug?: string;
  description?: string;
  visibility?: 'public' | 'private';
  joinPolicy?: 'open' | 'request';
  city?: string | null;
  interests?: string[];
  /** When given, the user becomes the creator (an active member with role creator). */
  creatorId?: string | null;
}

/** Insert a community directly (and its creator's membership when creatorId is given); returns its id. */
export async function insertCommunity(t: TestApp, values: InsertCommunityValues = {}): Promise<string> {
  const urlSlug = values.urlSlug ?? nextSlug();
  const [row] = await t.ctx.database.db
    .insert(communities)
    .values({
      name: values.name ?? `Community ${urlSlug}`.slice(0, 60),
      urlSlug,
      description: values.description ?? '',
      visibility: values.visibility ?? 'public',
      joinPolicy: values.joinPolicy ?? 'open',
      city: values.city ?? null,
      interests: values.interests ?? [],
      createdBy: values.creatorId ?? null,
    })
    .returning({ id: communities.id });
  if (values.creatorId) await addMember(t, row!.id, values.creatorId, 'creator', 'active');
  return row!.id;
}

/**
 * Give a user a membership row (or change theirs) directly; member_count follows the active rows. For flows
 * under test, call the API instead (join, approve, ban...).
 */
export async function addMember(
  t: TestApp,
  communityId: string,
  userId: string,
  role: CommunityMemberRole = 'member',
  status: MembershipStatus = 'active',
): Promise<void> {
  const db = t.ctx.database.db;
  await db.transaction(async (tx) => {
    await tx
      .insert(communityMembers)
      .values({ communityId, userId, role, status })
      .onConflictDoUpdate({
        target: [communityMembers.communityId, communityMembers.userId],
        set: { role, status, updatedAt: sql`now()` },
      });
    await tx
      .update(communities)
      .set({
        memberCount: sql`(select count(*)::int from ${communityMembers} m where m.community_id = ${communityId}::uuid and m.status = 'active')`,
      })
      .where(eq(communities.id, communityId));
  });
}

/** The user's membership row in the community, or null. */
export async function membershipOf(t: TestApp, communityId: string, userId: string) {
  const [row] = await t.ctx.database.db
    .select({ role: communityMembers.role, status: communityMembers.status })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The stored member_count of a community. */
export async function memberCountOf(t: TestApp, communityId: string): Promise<number> {
  const [row] = await t.ctx.database.db.select({ n: communities.memberCount }).from(communities).where(eq(communities.id, communityId));
  return row?.n ?? -1;
}
