import {
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  communitySlugSchema,
  type CommunitiesQuery,
  type CommunityMemberView,
  type CommunitySummaryView,
  type CommunityView,
  type CreateCommunityData,
  type MembershipStatus,
  type MembershipView,
  type MyCommunityView,
  type Page,
  type SlugAvailability,
  type UpdateCommunityInput,
} from '@bayclub/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { decodeCursor, encodeCursor, isInstant, isUuid } from '../../platform/cursor.js';
import { canSeeMembers, findProfile, presentMember, type Actor } from '../access/index.js';
import { uniqueViolation } from '../../platform/sql.js';
import { insertNotification } from '../notifications/index.js';
import { lockSlug, slugHolder } from '../slugs/index.js';
import { joinApprovedNotification, joinRequestNotification } from './notifications.js';
import { communityViewer } from './policy.js';
import { presentCommunity, presentMemberRow, presentMembership, presentSummary } from './presenter.js';
import * as repo from './repository.js';
import { COMMUNITIES_ERRORS as M } from './messages.js';

const gone = () => notFound(M.notFound);
const memberGone = () => notFound(M.memberNotFound);
/** At most this many rows in "Your communities" (no paging: a member in more than 200 is not a case we serve). */
export const MY_COMMUNITIES_MAX = 200;

const isNameCursor = (v: unknown): v is repo.NameCursor =>
  typeof v === 'object' && v !== null && typeof (v as { n?: unknown }).n === 'string' && ((v as { n: string }).n.length <= 200) && isUuid((v as { i?: unknown }).i);
const isMemberCursor = (v: unknown): v is repo.MemberCursor => {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (c.r === 0 || c.r === 1 || c.r === 2) && isInstant(c.c) && isUuid(c.i);
};

/** The name a notice shows for a member (null: the notice's own word for a member without one). */
const noticeName = (p: { fullName: string | null; username: string | null } | null) => p?.fullName?.trim() || p?.username || null;

/** The namespace check of a community address, under the slug's lock (the caller's transaction holds it). */
export async function claimSlug(tx: DbOrTx, slug: string, exceptCommunityId?: string) {
  await lockSlug(tx, slug);
  const holder = await slugHolder(tx, slug, { exceptCommunityId });
  if (holder === 'member') throw badRequest(M.slugTakenByMember, { urlSlug: M.slugTakenByMember });
  if (holder === 'community') throw badRequest(M.slugTakenByCommunity, { urlSlug: M.slugTakenByCommunity });
}

/** A unique violation on the address (a race the lock did not see, e.g. a writer that skipped it) is the same 400. */
function slugRace(err: unknown): never {
  if (uniqueViolation(err)?.includes('url_slug')) {
    throw badRequest(M.slugTakenByCommunity, { urlSlug: M.slugTakenByCommunity });
  }
  throw err;
}

/**
 * A membership is created for `userId` in the community the way joining does (open: active; by request: pending
 * and the staff are told). The caller holds the community's row lock. Used by join and by an application's
 * approval (decision 014).
 */
export async function enterCommunity(tx: DbOrTx, community: repo.CommunityRow, userId: string) {
  const status: MembershipStatus = community.joinPolicy === 'open' ? 'active' : 'pending';
  const row = await repo.insertMembership(tx, { communityId: community.id, userId, role: 'member', status });
  let memberCount = community.memberCount;
  if (status === 'active') {
    memberCount = await repo.adjustMemberCount(tx, community.id, 1);
  } else {
    const who = await findProfile(tx, userId);
    for (const staffId of await repo.staffIds(tx, community.id)) {
      await insertNotification(tx, {
        userId: staffId,
        kind: joinRequestNotification,
        params: { actorId: userId, actorName: noticeName(who), communityName: community.name },
        relatedId: community.id,
        path: `/community/${community.id}?tab=members&status=pending`,
      });
    }
  }
  return { row, memberCount };
}

/**
 * Approval through a community (decision 014): the new member joins it in the approval's transaction, active if
 * it is open, a pending request if by request; nothing when they are banned there, already in it, or it is gone.
 */
export async function joinAppliedCommunity(tx: DbOrTx, communityId: string, userId: string) {
  const community = await repo.findCommunity(tx, communityId, { lock: true });
  if (!community || (await repo.findMembership(tx, communityId, userId))) return;
  await enterCommunity(tx, community, userId);
}

export function createCommunitiesService(deps: { db: Db }) {
  const { db } = deps;

  /** The community, the caller's membership and what the caller may do there (404 when unknown). */
  async function load(actor: Actor | null, id: string, tx: DbOrTx = db) {
    const found = await repo.findCommunityFor(tx, id, actor?.userId ?? null);
    if (!found) throw gone();
    return { ...found, viewer: communityViewer(actor, found.community, found.membership) };
  }

  /**
   * In a transaction: the community's row locked (every membership change of one community runs in turn, which
   * keeps member_count exact), the caller's membership and rights.
   */
  async function lockFor(tx: DbOrTx, actor: Actor, id: string) {
    const community = await repo.findCommunity(tx, id, { lock: true });
    if (!community) throw gone();
    const mine = await repo.findMembership(tx, id, actor.userId);
    const viewer = communityViewer(actor, community, mine);
    return { community, mine, viewer };
  }

  /** Moderation needs canModerate; a caller who cannot even read the community hears 404 as for an unknown one. */
  async function lockForModeration(tx: DbOrTx, actor: Actor, id: string) {
    const ctx = await lockFor(tx, actor, id);
    if (!ctx.viewer?.canRead) throw gone();
    if (!ctx.viewer.canModerate) throw forbidden(M.moderatorsOnly);
    return ctx;
  }

  async function lockForEditing(tx: DbOrTx, actor: Actor, id: string) {
    const ctx = await lockFor(tx, actor, id);
    if (!ctx.viewer?.canRead) throw gone();
    if (!ctx.viewer.canEdit) throw forbidden(M.creatorOnly);
    return ctx;
  }

  async function view(actor: Actor | null, id: string): Promise<CommunityView> {
    const { community, viewer } = await load(actor, id);
    // The creator is a member: shown only to who may see the community's members.
    const creatorRow = viewer?.canRead && community.createdBy ? await repo.findVisibleMember(db, community.createdBy, actor!.userId) : null;
    return presentCommunity(community, viewer, creatorRow ? presentMember(creatorRow) : null);
  }

  const service = {
    view,

    async list(q: Omit<CommunitiesQuery, 'limit'> & { limit: number }): Promise<Page<CommunitySummaryView>> {
      const rows = await repo.listCommunities(db, { q: q.q || undefined, city: q.city, cursor: decodeCursor(q.cursor, isNameCursor), limit: q.limit });
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => presentSummary(r.community)),
        nextCursor: rows.length > q.limit && last ? encodeCursor({ n: last.lowerName, i: last.community.id }) : null,
      };
    },

    async mine(actor: Actor): Promise<{ items: MyCommunityView[] }> {
      const rows = await repo.myCommunities(db, actor.userId, MY_COMMUNITIES_MAX);
      return { items: rows.map((r) => ({ community: presentSummary(r.community), status: r.status as 'active' | 'pending', role: r.role })) };
    },

    async discover(actor: Actor, limit: number): Promise<{ items: CommunitySummaryView[] }> {
      const rows = await repo.discover(db, actor.userId, Math.min(limit, COMMUNITY_LIMITS.discoverMax));
      return { items: rows.map(presentSummary) };
    },

    async slugAvailability(raw: string): Promise<SlugAvailability> {
      const parsed = communitySlugSchema.safeParse(raw);
      const slug = raw.trim().toLowerCase();
      if (!parsed.success) return { slug, available: false, error: parsed.error.issues[0]!.message };
      const holder = await slugHolder(db, parsed.data);
      if (holder === 'member') return { slug, available: false, error: COMMUNITY_MESSAGES.slugTakenByMember };
      if (holder === 'community') return { slug, available: false, error: COMMUNITY_MESSAGES.slugTakenByCommunity };
      return { slug, available: true };
    },

    async create(actor: Actor, input: CreateCommunityData): Promise<CommunityView> {
      // The flag lets pending applicants through the route; communities are for approved members.
      if (!canSeeMembers(actor)) throw forbidden(M.approvedOnly);
      const id = await db
        .transaction(async (tx) => {
          await claimSlug(tx, input.urlSlug);
          const community = await repo.insertCommunity(tx, {
            name: input.name,
            urlSlug: input.urlSlug,
            description: input.description,
            visibility: input.visibility,
            joinPolicy: input.joinPolicy,
            city: input.city,
            interests: input.interests,
            createdBy: actor.userId,
            memberCount: 1,
          });
          await repo.insertMembership(tx, { communityId: community.id, userId: actor.userId, role: 'creator', status: 'active' });
          return community.id;
        })
        .catch(slugRace);
      return view(actor, id);
    },

    async update(actor: Actor, id: string, input: UpdateCommunityInput): Promise<CommunityView> {
      await db
        .transaction(async (tx) => {
          const { community } = await lockForEditing(tx, actor, id);
          if (input.urlSlug && input.urlSlug !== community.urlSlug) await claimSlug(tx, input.urlSlug, id);
          const set: Parameters<typeof repo.updateCommunity>[2] = {};
          if (input.name !== undefined) set.name = input.name;
          if (input.urlSlug !== undefined) set.urlSlug = input.urlSlug;
          if (input.description !== undefined) set.description = input.description;
          if (input.visibility !== undefined) set.visibility = input.visibility;
          if (input.joinPolicy !== undefined) set.joinPolicy = input.joinPolicy;
          if (input.city !== undefined) set.city = input.city;
          if (input.interests !== undefined) set.interests = input.interests;
          await repo.updateCommunity(tx, id, set);
        })
        .catch(slugRace);
      return view(actor, id);
    },

    async join(actor: Actor, id: string): Promise<MembershipView> {
      return db.transaction(async (tx) => {
        const { community, mine } = await lockFor(tx, actor, id);
        if (mine?.status === 'banned') throw forbidden(M.banned);
        // Asked or joined already: a double click or a retry changes nothing.
        if (mine) return presentMembership(id, mine, community.memberCount);
        const { row, memberCount } = await enterCommunity(tx, community, actor.userId);
        return presentMembership(id, row, memberCount);
      });
    },

    async leave(actor: Actor, id: string): Promise<MembershipView> {
      return db.transaction(async (tx) => {
        const { community, mine } = await lockFor(tx, actor, id);
        if (!mine) return presentMembership(id, null, community.memberCount);
        if (mine.role === 'creator' && mine.status === 'active') throw conflict(M.creatorCannotLeave);
        // Leaving does not lift a ban.
        if (mine.status === 'banned') return presentMembership(id, mine, community.memberCount);
        await repo.deleteMembership(tx, id, actor.userId);
        const memberCount = mine.status === 'active' ? await repo.adjustMemberCount(tx, id, -1) : community.memberCount;
        return presentMembership(id, null, memberCount);
      });
    },

    async members(actor: Actor, id: string, q: { status: MembershipStatus; cursor?: string; limit: number }): Promise<Page<CommunityMemberView>> {
      const { viewer } = await load(actor, id);
      if (!viewer?.canRead) throw gone();
      if (q.status !== 'active' && !viewer.canModerate) throw forbidden(M.requestsAndBansModeratorsOnly);
      const rows = await repo.listMembers(db, id, q.status, actor.userId, decodeCursor(q.cursor, isMemberCursor), q.limit);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentMemberRow),
        nextCursor: rows.length > q.limit && last ? encodeCursor({ r: Number(last.rank), c: last.at, i: last.member.id }) : null,
      };
    },

    async approve(actor: Actor, id: string, userId: string): Promise<CommunityMemberView> {
      await db.transaction(async (tx) => {
        const { community } = await lockForModeration(tx, actor, id);
        const request = await repo.findMembership(tx, id, userId);
        if (request?.status !== 'pending') throw notFound(M.requestNotFound);
        await repo.updateMembership(tx, id, userId, { status: 'active', restart: true });
        await repo.adjustMemberCount(tx, id, 1);
        await insertNotification(tx, {
          userId,
          kind: joinApprovedNotification,
          params: { communityName: community.name },
          relatedId: id,
          path: `/community/${id}`,
        });
      });
      return memberAnswer(id, userId);
    },

    /** A decline is silent (decision 014), like a declined hello. */
    async decline(actor: Actor, id: string, userId: string) {
      await db.transaction(async (tx) => {
        await lockForModeration(tx, actor, id);
        const request = await repo.findMembership(tx, id, userId);
        if (request?.status !== 'pending') throw notFound(M.requestNotFound);
        await repo.deleteMembership(tx, id, userId);
      });
    },

    async remove(actor: Actor, id: string, userId: string) {
      await db.transaction(async (tx) => {
        const { target } = await moderationTarget(tx, actor, id, userId);
        if (target.status === 'banned') throw memberGone();
        await repo.deleteMembership(tx, id, userId);
        if (target.status === 'active') await repo.adjustMemberCount(tx, id, -1);
      });
    },

    async ban(actor: Actor, id: string, userId: string) {
      await db.transaction(async (tx) => {
        const { target } = await moderationTarget(tx, actor, id, userId);
        if (target.status === 'banned') return;
        // A banned moderator is a moderator no more (and loses the CRM access the role gave).
        await repo.updateMembership(tx, id, userId, { status: 'banned', role: 'member', restart: true });
        if (target.status === 'active') await repo.adjustMemberCount(tx, id, -1);
      });
    },

    /** Unbanning removes the ban row: the member may ask or join again. */
    async unban(actor: Actor, id: string, userId: string) {
      await db.transaction(async (tx) => {
        await lockForModeration(tx, actor, id);
        const target = await repo.findMembership(tx, id, userId);
        if (target?.status !== 'banned') throw notFound(M.notBanned);
        await repo.deleteMembership(tx, id, userId);
      });
    },

    async appointModerator(actor: Actor, id: string, userId: string): Promise<CommunityMemberView> {
      await db.transaction(async (tx) => {
        await lockForEditing(tx, actor, id);
        const target = await repo.findMembership(tx, id, userId);
        if (target?.role === 'creator') throw forbidden(M.cannotModerateCreator);
        if (target?.status !== 'active') throw conflict(M.mustBeMember);
        if (target.role !== 'moderator') await repo.updateMembership(tx, id, userId, { role: 'moderator' });
      });
      return memberAnswer(id, userId);
    },

    async removeModerator(actor: Actor, id: string, userId: string) {
      await db.transaction(async (tx) => {
        await lockForEditing(tx, actor, id);
        const target = await repo.findMembership(tx, id, userId);
        if (!target || target.status !== 'active') throw memberGone();
        if (target.role === 'creator') throw forbidden(M.cannotModerateCreator);
        if (target.role === 'moderator') await repo.updateMembership(tx, id, userId, { role: 'member' });
      });
    },
  };

  /**
   * The member a moderator acts on (remove, ban): never the creator; a moderator only by the creator (or an admin).
   * Someone with no row at all is 404.
   */
  async function moderationTarget(tx: DbOrTx, actor: Actor, id: string, userId: string) {
    const ctx = await lockForModeration(tx, actor, id);
    const target = await repo.findMembership(tx, id, userId);
    if (!target) throw memberGone();
    if (target.role === 'creator') throw forbidden(M.cannotModerateCreator);
    if (target.role === 'moderator' && target.status === 'active' && !ctx.viewer!.canEdit) throw forbidden(M.moderatorOnlyByCreator);
    return { ...ctx, target };
  }

  async function memberAnswer(id: string, userId: string): Promise<CommunityMemberView> {
    const row = await repo.findMemberView(db, id, userId);
    if (!row) throw new AppError(404, 'NOT_FOUND', M.memberNotFound);
    return presentMemberRow(row);
  }

  return service;
}

export type CommunitiesService = ReturnType<typeof createCommunitiesService>;
