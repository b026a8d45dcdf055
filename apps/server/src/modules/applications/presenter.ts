import type { ApplicationView } from '@bayclub/shared';
import type { membershipApplications } from '../../db/schema/index.js';

type Row = {
  app: typeof membershipApplications.$inferSelect;
  deciderName: string | null;
  accountType: 'community_only' | 'full_platform' | null;
};

export function presentApplication({ app, deciderName, accountType }: Row): ApplicationView {
  return {
    id: app.id,
    name: app.name,
    email: app.email,
    username: app.username,
    instagramUsername: app.instagramUsername,
    bio: app.bio,
    age: app.age,
    gender: app.gender,
    relationshipStatus: app.relationshipStatus,
    city: app.city,
    interests: app.interests,
    profilePictureUrl: app.profilePictureUrl,
    status: app.status,
    accountType,
    createdUserId: app.createdUserId,
    createdAt: app.createdAt.toISOString(),
    decidedAt: app.decidedAt ? app.decidedAt.toISOString() : null,
    decidedBy: app.decidedBy ? { id: app.decidedBy, name: deciderName } : null,
    rejectionReason: app.rejectionReason,
  };
}
