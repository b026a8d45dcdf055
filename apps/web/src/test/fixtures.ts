import { DEFAULT_LIMITED_USER_FLAGS, type LimitedUserFlags, type MeView, type OwnProfileView } from '@bayclub/shared';

export function makeProfile(overrides: Partial<OwnProfileView> = {}): OwnProfileView {
  return {
    id: '6f1c2b8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f',
    accountType: 'full_platform',
    applicationStatus: 'approved',
    username: 'sam',
    fullName: 'Sam Rivera',
    email: 'sam@example.com',
    profilePictureUrl: null,
    bio: null,
    relationshipStatus: null,
    age: 30,
    city: 'tampa',
    gender: null,
    instagramUsername: null,
    instagramVerified: false,
    tiktokUsername: null,
    linkedinUsername: null,
    youtubeUsername: null,
    interests: [],
    isVerified: false,
    isDeactivated: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeMe(profile: Partial<OwnProfileView> | null = {}, extra: Partial<Omit<MeView, 'profile'>> = {}): MeView {
  return {
    user: { id: '6f1c2b8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f', email: 'sam@example.com' },
    profile: profile === null ? null : makeProfile(profile),
    roles: [],
    isAdmin: false,
    hasCrmAccess: false,
    recoverable: false,
    language: null,
    ...extra,
  };
}

export function makeFlags(overrides: Partial<LimitedUserFlags> = {}): LimitedUserFlags {
  return { ...DEFAULT_LIMITED_USER_FLAGS, ...overrides };
}
