import type { Bucket } from '@bayclub/shared';
import { isAdmin, type Actor } from '../access/policy.js';

/** Site assets shown to visitors (favicon, landing cover); everything else is for signed-in members. */
export const PUBLIC_BUCKETS: ReadonlySet<Bucket> = new Set<Bucket>(['app-assets', 'landing-covers']);

/** Buckets whose first key segment is the owning member's id, hidden while that member is deactivated. */
export const MEMBER_BUCKETS: ReadonlySet<Bucket> = new Set<Bucket>(['profile-pictures', 'profile-images']);

/**
 * May this caller read a stored file? Members' photos need a session, and a deactivated member's photos
 * are hidden from everyone but themselves and admins (like their profile).
 */
export function canReadMedia(bucket: Bucket, actor: Actor | null, owner: { id: string; isDeactivated: boolean } | null): boolean {
  if (PUBLIC_BUCKETS.has(bucket)) return true;
  if (!actor) return false;
  if (!MEMBER_BUCKETS.has(bucket)) return true;
  if (!owner) return false;
  return !owner.isDeactivated || owner.id === actor.userId || isAdmin(actor);
}
