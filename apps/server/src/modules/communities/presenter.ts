import {
  COMMUNITY_LIMITS,
  type City,
  type CommunityMemberView,
  type CommunitySummaryView,
  type CommunityView,
  type CommunityViewerState,
  type MemberSummary,
  type MembershipView,
} from '@bayclub/shared';
import { publicUrl } from '../../platform/storage/storage.js';
import { presentMember } from '../access/index.js';
import type { CommunityRow } from './repository.js';

/** Community images live in post-images under communities/{id}/ (public: visitors see cover and About). */
const imageUrl = (key: string | null) => (key ? publicUrl('post-images', key) : null);

/** A community on cards and lists: a whitelist, the description cut for cards. */
export function presentSummary(c: CommunityRow): CommunitySummaryView {
  return {
    id: c.id,
    name: c.name,
    urlSlug: c.urlSlug,
    description: (c.description ?? '').slice(0, COMMUNITY_LIMITS.summaryDescriptionMax),
    city: (c.city as City | null) ?? null,
    visibility: c.visibility,
    joinPolicy: c.joinPolicy,
    memberCount: c.memberCount,
    coverUrl: imageUrl(c.coverImageKey),
    avatarUrl: imageUrl(c.avatarImageKey),
  };
}

/** The community page: About for everyone; `viewer` (from communityViewer) and `creator` only for who may see them. */
export function presentCommunity(c: CommunityRow, viewer: CommunityViewerState | null, creator: MemberSummary | null): CommunityView {
  return {
    ...presentSummary(c),
    description: c.description ?? '',
    interests: c.interests,
    postCount: c.visibility === 'private' && !viewer?.canRead ? null : c.postCount,
    createdAt: c.createdAt.toISOString(),
    creator,
    viewer,
  };
}

export function presentMembership(communityId: string, m: { role: MembershipView['role']; status: MembershipView['status'] } | null, memberCount: number): MembershipView {
  return { communityId, status: m?.status ?? 'none', role: m?.role ?? null, memberCount };
}

export function presentMemberRow(row: {
  member: Parameters<typeof presentMember>[0];
  role: CommunityMemberView['role'];
  status: CommunityMemberView['status'];
  createdAt: Date;
}): CommunityMemberView {
  return { member: presentMember(row.member), role: row.role, status: row.status, since: row.createdAt.toISOString() };
}
