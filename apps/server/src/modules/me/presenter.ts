import type { OwnProfileView } from '@bayclub/shared';
import type { profiles } from '../../db/schema/index.js';

type ProfileRow = typeof profiles.$inferSelect;

/** The member's own profile: every field they may see of themselves, nothing internal. */
export function presentOwnProfile(p: ProfileRow): OwnProfileView {
  return {
    id: p.id,
    accountType: p.accountType,
    applicationStatus: p.applicationStatus,
    username: p.username,
    fullName: p.fullName,
    email: p.email,
    profilePictureUrl: p.profilePictureUrl,
    bio: p.bio,
    relationshipStatus: p.relationshipStatus,
    age: p.age,
    city: p.city,
    gender: p.gender,
    instagramUsername: p.instagramUsername,
    tiktokUsername: p.tiktokUsername,
    linkedinUsername: p.linkedinUsername,
    youtubeUsername: p.youtubeUsername,
    instagramVerified: p.instagramOauthConnected && !!p.instagramUsername,
    interests: p.interests,
    isVerified: p.isVerified,
    isDeactivated: p.isDeactivated,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
