import type { LimitedUserFlags, ProfileUpdate } from '@bayclub/shared';
import { canUse, isActiveMember, type Actor } from '../access/policy.js';
import type { ProfileRow } from './repository.js';

/**
 * A profile (and its photos) is visible to its owner, whatever their state, and to active members
 * while it is not deactivated (spec section 4). A deactivated viewer sees only themselves.
 */
export const canViewProfile = (actor: Actor, target: ProfileRow | null): target is ProfileRow =>
  !!target && (target.id === actor.userId || (isActiveMember(actor) && !target.isDeactivated));

const SOCIAL_FIELDS = ['instagramUsername', 'tiktokUsername', 'linkedinUsername', 'youtubeUsername'] as const;

/** The social usernames an update would change (limited members need add_social_links for those). */
export function changedSocialFields(current: ProfileRow, update: ProfileUpdate) {
  return SOCIAL_FIELDS.filter((f) => (current[f] ?? null) !== update[f]);
}

export const canEditSocialLinks = (actor: Actor, flags: LimitedUserFlags) => canUse(actor, 'add_social_links', flags);
