import type { LimitedUserFlags, ProfileUpdate } from '@bayclub/shared';
import { canSeeMember, canUse, type Actor, type ProfileRow } from '../access/index.js';

/**
 * A profile (and its photos) is visible to its owner, whatever their state, and to members who may see
 * members (canSeeMember: approved and active) while it is not deactivated (spec section 4). A deactivated
 * viewer or an applicant sees only themselves (decision 009).
 */
export const canViewProfile = (actor: Actor, target: ProfileRow | null): target is ProfileRow =>
  !!target && canSeeMember(actor, target.id) && (target.id === actor.userId || !target.isDeactivated);

const SOCIAL_FIELDS = ['instagramUsername', 'tiktokUsername', 'linkedinUsername', 'youtubeUsername'] as const;

/** The social usernames an update would change (limited members need add_social_links for those). */
export function changedSocialFields(current: ProfileRow, update: ProfileUpdate) {
  return SOCIAL_FIELDS.filter((f) => (current[f] ?? null) !== update[f]);
}

export const canEditSocialLinks = (actor: Actor, flags: LimitedUserFlags) => canUse(actor, 'add_social_links', flags);
