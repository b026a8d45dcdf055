import type {
  CommunityMemberView,
  CommunitySummaryView,
  CommunityView,
  CommunityViewerState,
  MemberSummary,
  Page,
} from '@bayclub/shared';

// Test data for the communities pages.

let seq = 0;
const nextId = (prefix: string) => {
  seq += 1;
  return `${prefix}-4000-8000-${String(seq).padStart(12, '0')}`;
};

export const page = <T>(items: T[], nextCursor: string | null = null): Page<T> => ({ items, nextCursor });

export function makeSummary(overrides: Partial<CommunitySummaryView> = {}): CommunitySummaryView {
  const id = overrides.id ?? nextId('c0ffee00-0000');
  return {
    id,
    name: 'Tampa Bay Runners',
    urlSlug: 'tampa-bay-runners',
    description: 'Early runs along Bayshore.',
    city: 'tampa',
    visibility: 'public',
    joinPolicy: 'open',
    memberCount: 12,
    coverUrl: null,
    avatarUrl: null,
    ...overrides,
  };
}

export function makeViewer(overrides: Partial<CommunityViewerState> = {}): CommunityViewerState {
  return { status: 'none', role: null, canRead: true, canModerate: false, canEdit: false, canPost: false, ...overrides };
}

export const MEMBER_VIEWER = makeViewer({ status: 'active', role: 'member', canPost: true });
export const MODERATOR_VIEWER = makeViewer({ status: 'active', role: 'moderator', canPost: true, canModerate: true });
export const CREATOR_VIEWER = makeViewer({ status: 'active', role: 'creator', canPost: true, canModerate: true, canEdit: true });

export function makeCommunity(overrides: Partial<CommunityView> = {}): CommunityView {
  return {
    ...makeSummary(overrides),
    interests: ['Running', 'Fitness'],
    postCount: 4,
    createdAt: '2025-02-01T12:00:00.000Z',
    creator: makePerson({ fullName: 'Casey Park' }),
    viewer: makeViewer(),
    ...overrides,
  };
}

export function makePerson(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return {
    id: nextId('1a2b3c4d-0000'),
    fullName: 'Jordan Lee',
    username: 'jordan',
    profilePictureUrl: null,
    isVerified: false,
    age: 31,
    city: 'st_pete',
    ...overrides,
  };
}

export function makeMemberEntry(overrides: Partial<CommunityMemberView> = {}): CommunityMemberView {
  return { member: makePerson(), role: 'member', status: 'active', since: '2025-03-04T12:00:00.000Z', ...overrides };
}
