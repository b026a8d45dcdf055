import type { CommunityMemberRole, CommunityViewerState, CommunityVisibility, MembershipStatus } from '@bayclub/shared';
import { canSeeMembers, isAdmin, type Actor } from '../access/index.js';

/** What the community decisions need to know about a community. */
export interface CommunityAccessFacts {
  visibility: CommunityVisibility;
}

/** The caller's membership row, when there is one. */
export interface MembershipFacts {
  status: MembershipStatus;
  role: CommunityMemberRole;
}

const isStaff = (m: MembershipFacts | null) => m?.status === 'active' && (m.role === 'creator' || m.role === 'moderator');

/**
 * The one decision about a caller and a community (decision 013), used by the communities and posts services
 * and by the socket fan-out. Visitors and applicants get null: they see a community's About page, like
 * visitors, and nothing that shows its members.
 * - read posts and members: every approved member for a public community; active members (and admins) for a
 *   private one;
 * - post: active members;
 * - moderate (requests, removals, bans, reported posts, deleting posts): the creator, moderators and admins;
 * - edit, images, moderators, delete: the creator and admins.
 */
export function communityViewer(
  actor: Actor | null,
  community: CommunityAccessFacts,
  membership: MembershipFacts | null,
): CommunityViewerState | null {
  if (!canSeeMembers(actor)) return null;
  const admin = isAdmin(actor);
  const active = membership?.status === 'active';
  return {
    status: membership?.status ?? 'none',
    role: membership?.role ?? null,
    canRead: community.visibility === 'public' || active || admin,
    canPost: active,
    canModerate: isStaff(membership) || admin,
    canEdit: (active && membership?.role === 'creator') || admin,
  };
}

/** May the caller read the community's posts, comments and members? (404 as for an unknown id when not.) */
export const canReadCommunity = (actor: Actor | null, community: CommunityAccessFacts, membership: MembershipFacts | null) =>
  communityViewer(actor, community, membership)?.canRead ?? false;
