import { z } from 'zod';
import { CITIES, INTEREST_CATEGORIES, type City, type CommunityMemberRole } from './enums.js';
import type { MemberSummary } from './connections.js';
import { isReservedSlug } from './reserved-slugs.js';

/**
 * Communities (issue 10). The spec names communities, community_members (role creator, moderator) and the
 * /communities, /groups, /community/{id}, /c/{slug} and /{slug} screens but not their contents; decision 014
 * records what we chose.
 */
export const COMMUNITY_VISIBILITIES = ['public', 'private'] as const;
export type CommunityVisibility = (typeof COMMUNITY_VISIBILITIES)[number];
export const COMMUNITY_VISIBILITY_LABELS: Record<CommunityVisibility, string> = {
  public: 'Public',
  private: 'Private',
};

export const JOIN_POLICIES = ['open', 'request'] as const;
export type JoinPolicy = (typeof JOIN_POLICIES)[number];
export const JOIN_POLICY_LABELS: Record<JoinPolicy, string> = {
  open: 'Anyone can join',
  request: 'Members ask to join',
};

export const MEMBERSHIP_STATUSES = ['active', 'pending', 'banned'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const COMMUNITY_LIMITS = {
  nameMin: 3,
  nameMax: 60,
  slugMin: 3,
  slugMax: 50,
  descriptionMax: 2000,
  /** Topics chosen from the spec's interest options; they drive Discover on /groups. */
  interestsMax: 5,
  /** Cover and avatar: the gallery's rules (10 MB, by the bytes, re-encoded to WebP). */
  imageMaxBytes: 10 * 1024 * 1024,
  listPageSize: 20,
  discoverMax: 12,
  membersPageSize: 30,
  /** Card descriptions are cut here. */
  summaryDescriptionMax: 200,
} as const;

export const COMMUNITY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: `Name must be at least ${COMMUNITY_LIMITS.nameMin} characters`,
  nameTooLong: `Name must be at most ${COMMUNITY_LIMITS.nameMax} characters`,
  slugTooShort: `Address must be at least ${COMMUNITY_LIMITS.slugMin} characters`,
  slugTooLong: `Address must be at most ${COMMUNITY_LIMITS.slugMax} characters`,
  slugChars: 'Address can only contain lowercase letters, numbers and hyphens',
  slugEdges: 'Address cannot start or end with a hyphen',
  slugReserved: 'This address is reserved by the app',
  slugTakenByMember: 'A member already uses this address',
  slugTakenByCommunity: 'Another community already uses this address',
  descriptionTooLong: `Description must be at most ${COMMUNITY_LIMITS.descriptionMax} characters`,
  interestsMax: `Choose at most ${COMMUNITY_LIMITS.interestsMax} topics`,
  unknownInterest: 'Unknown topic',
  city: 'Please choose a city',
  notFound: 'This community is not available',
  banned: 'You cannot join this community',
  creatorCannotLeave: 'The creator cannot leave. Delete the community, or ask an admin to help.',
  notMember: 'Only members can do this',
  cannotModerateCreator: 'The creator cannot be removed or banned',
  moderatorOnlyByCreator: 'Only the creator can remove or ban a moderator',
  mustBeMember: 'Only active members can become moderators',
  requestNotFound: 'This request is no longer pending',
  memberNotFound: 'This member is not in the community',
  notBanned: 'This member is not banned',
  /** A new or changed username that is a community's address (one namespace, /{slug}). */
  usernameTakenByCommunity: 'A community already uses this address',
  imageMissing: 'Choose an image',
  approvedOnly: 'Communities open to you once your membership is approved',
  // UI texts
  join: 'Join',
  requestToJoin: 'Ask to join',
  requested: 'Requested',
  joined: 'Joined',
  leave: 'Leave',
  noCommunities: 'No communities found',
  noCommunitiesHint: 'Try another name or city.',
  noneJoined: 'You have not joined any community yet',
  noneJoinedHint: 'Discover communities below, or create your own.',
  noSuggestions: 'No suggestions right now',
  privateNotice: 'This community is private. Join to see its posts and members.',
  visitorApply: 'Apply to join the club to take part in this community.',
  deleted: 'Community deleted',
  created: 'Community created',
  saved: 'Community saved',
} as const;

const ALL_INTERESTS = new Set(INTEREST_CATEGORIES.flatMap((c) => c.options));

/** A community's address: /{slug} and /c/{slug}. One namespace with usernames (checked by the server too). */
export const communitySlugSchema = z
  .string({ error: COMMUNITY_MESSAGES.slugTooShort })
  .trim()
  .toLowerCase()
  .min(COMMUNITY_LIMITS.slugMin, { error: COMMUNITY_MESSAGES.slugTooShort })
  .max(COMMUNITY_LIMITS.slugMax, { error: COMMUNITY_MESSAGES.slugTooLong })
  .regex(/^[a-z0-9-]+$/, { error: COMMUNITY_MESSAGES.slugChars })
  .refine((s) => !s.startsWith('-') && !s.endsWith('-'), { error: COMMUNITY_MESSAGES.slugEdges })
  .refine((s) => !isReservedSlug(s), { error: COMMUNITY_MESSAGES.slugReserved });

/** A suggested address from a name: "Tampa Bay Runners!" -> "tampa-bay-runners". */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, COMMUNITY_LIMITS.slugMax)
    .replace(/-+$/, '');
}

const nameSchema = z
  .string({ error: COMMUNITY_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: COMMUNITY_MESSAGES.nameRequired })
  .min(COMMUNITY_LIMITS.nameMin, { error: COMMUNITY_MESSAGES.nameTooShort })
  .max(COMMUNITY_LIMITS.nameMax, { error: COMMUNITY_MESSAGES.nameTooLong });

const descriptionSchema = z
  .string()
  .trim()
  .max(COMMUNITY_LIMITS.descriptionMax, { error: COMMUNITY_MESSAGES.descriptionTooLong });

const interestsSchema = z
  .array(z.string().refine((s) => ALL_INTERESTS.has(s), { error: COMMUNITY_MESSAGES.unknownInterest }))
  .max(COMMUNITY_LIMITS.interestsMax, { error: COMMUNITY_MESSAGES.interestsMax })
  .transform((list) => [...new Set(list)]);

export const createCommunitySchema = z.object({
  name: nameSchema,
  urlSlug: communitySlugSchema,
  description: descriptionSchema.optional().default(''),
  visibility: z.enum(COMMUNITY_VISIBILITIES, { error: 'Please choose who can see the community' }),
  joinPolicy: z.enum(JOIN_POLICIES, { error: 'Please choose how members join' }),
  city: z.enum(CITIES, { error: COMMUNITY_MESSAGES.city }).nullable().optional().default(null),
  interests: interestsSchema.optional().default([]),
});
export type CreateCommunityInput = z.input<typeof createCommunitySchema>;
export type CreateCommunityData = z.output<typeof createCommunitySchema>;

/** PATCH: every field optional; an address change is checked against the namespace again. */
export const updateCommunitySchema = z.object({
  name: nameSchema.optional(),
  urlSlug: communitySlugSchema.optional(),
  description: descriptionSchema.optional(),
  visibility: z.enum(COMMUNITY_VISIBILITIES, { error: 'Please choose who can see the community' }).optional(),
  joinPolicy: z.enum(JOIN_POLICIES, { error: 'Please choose how members join' }).optional(),
  city: z.enum(CITIES, { error: COMMUNITY_MESSAGES.city }).nullable().optional(),
  interests: interestsSchema.optional(),
});
export type UpdateCommunityInput = z.input<typeof updateCommunitySchema>;

export const communitiesQuerySchema = z.object({
  /** Search as you type on the name; escaped by the server (%, _ and \ are literal). */
  q: z.string().trim().max(100).optional(),
  city: z.enum(CITIES, { error: COMMUNITY_MESSAGES.city }).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional().default(COMMUNITY_LIMITS.listPageSize),
});
export type CommunitiesQuery = z.input<typeof communitiesQuerySchema>;

export const communityMembersQuerySchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES).optional().default('active'),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(COMMUNITY_LIMITS.membersPageSize),
});

/** GET /api/communities/slug-availability: the create form checks an address as it is typed. */
export const slugAvailabilityQuerySchema = z.object({ slug: z.string({ error: COMMUNITY_MESSAGES.slugTooShort }).max(200) });

export interface SlugAvailability {
  slug: string;
  available: boolean;
  /** Why not, when not available (format, reserved, a member's or another community's address). */
  error?: string;
}

export const discoverQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(COMMUNITY_LIMITS.discoverMax).optional().default(COMMUNITY_LIMITS.discoverMax),
});

export const communityImageKindSchema = z.enum(['cover', 'avatar']);
export type CommunityImageKind = z.infer<typeof communityImageKindSchema>;

export const communityIdParamsSchema = z.object({ id: z.uuid({ error: COMMUNITY_MESSAGES.notFound }) });
export const communityMemberParamsSchema = z.object({
  id: z.uuid({ error: COMMUNITY_MESSAGES.notFound }),
  userId: z.uuid({ error: 'Must be a valid id' }),
});

/** A community on cards and lists. Images are same-origin /media URLs (imageVariantUrl picks a size). */
export interface CommunitySummaryView {
  id: string;
  name: string;
  urlSlug: string;
  /** At most COMMUNITY_LIMITS.summaryDescriptionMax characters. */
  description: string;
  city: City | null;
  visibility: CommunityVisibility;
  joinPolicy: JoinPolicy;
  memberCount: number;
  coverUrl: string | null;
  avatarUrl: string | null;
}

/** The viewer's relation to a community; null for visitors and applicants. */
export interface CommunityViewerState {
  status: MembershipStatus | 'none';
  role: CommunityMemberRole | null;
  /** May read posts and members (public community, or an active member of a private one). */
  canRead: boolean;
  /** Approve requests, remove and ban members, review reported posts. */
  canModerate: boolean;
  /** Edit details and images, appoint moderators, delete (creator and admins). */
  canEdit: boolean;
  canPost: boolean;
}

export interface CommunityView extends CommunitySummaryView {
  description: string;
  interests: string[];
  /**
   * Posts in it; null for a private community to whoever may not read it (visitors, applicants, non-members:
   * decision 014 shows them only the About page, and its activity is part of what it keeps private).
   */
  postCount: number | null;
  createdAt: string;
  creator: MemberSummary | null;
  viewer: CommunityViewerState | null;
}

/** "Your communities" on /groups: active memberships and pending requests. */
export interface MyCommunityView {
  community: CommunitySummaryView;
  status: 'active' | 'pending';
  role: CommunityMemberRole;
}

export interface MembershipView {
  communityId: string;
  status: MembershipStatus | 'none';
  role: CommunityMemberRole | null;
  memberCount: number;
}

export interface CommunityMemberView {
  member: MemberSummary;
  role: CommunityMemberRole;
  status: MembershipStatus;
  /** When they joined (active), asked (pending) or were banned. */
  since: string;
}
