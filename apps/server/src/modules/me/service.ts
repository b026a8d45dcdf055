import { PROFILE_MESSAGES, type MeView } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';
import { hasCrmAccess, isAdmin, type Actor } from '../access/policy.js';
import { AppError } from '../../platform/errors.js';
import { presentOwnProfile } from './presenter.js';
import { findPendingApplicationOf, findProfile } from './repository.js';

export function createMeService({ db }: { db: Db }) {
  async function view(actor: Actor): Promise<MeView> {
    const profile = await findProfile(db, actor.userId);
    const recoverable = !profile && !!(await findPendingApplicationOf(db, actor.userId));
    return {
      user: { id: actor.userId, email: actor.email },
      profile: profile ? presentOwnProfile(profile) : null,
      roles: actor.roles,
      isAdmin: isAdmin(actor),
      hasCrmAccess: hasCrmAccess(actor),
      recoverable,
    };
  }

  /**
   * Spec section 4: a missing profile with a pending application is recreated from it as
   * community_only / pending. An existing profile is left as it is.
   */
  async function recover(actor: Actor): Promise<MeView> {
    const existing = await findProfile(db, actor.userId);
    if (!existing) {
      const app = await findPendingApplicationOf(db, actor.userId);
      if (!app) throw new AppError(404, 'NOT_FOUND', PROFILE_MESSAGES.notRecovered);
      try {
        await db
          .insert(profiles)
          .values({
            id: actor.userId,
            accountType: 'community_only',
            applicationStatus: 'pending',
            email: actor.email,
            fullName: app.name,
            username: app.username,
            instagramUsername: app.instagramUsername,
            bio: app.bio,
            age: app.age,
            gender: app.gender,
            relationshipStatus: app.relationshipStatus,
            city: app.city,
            interests: app.interests,
            profilePictureUrl: app.profilePictureUrl,
          })
          .onConflictDoNothing({ target: profiles.id });
      } catch {
        // The application's username may have been taken meanwhile: recover without it.
        await db
          .insert(profiles)
          .values({ id: actor.userId, accountType: 'community_only', applicationStatus: 'pending', email: actor.email, fullName: app.name })
          .onConflictDoNothing({ target: profiles.id })
          .catch(() => {
            throw new AppError(404, 'NOT_FOUND', PROFILE_MESSAGES.notRecovered);
          });
      }
    }
    return view(actor);
  }

  return { view, recover };
}
