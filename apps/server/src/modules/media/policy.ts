import type { Bucket } from '@bayclub/shared';
import { canSeeMember, canSeeMembers, isAdmin, type Actor } from '../access/index.js';

/** Site assets shown to visitors (favicon, landing cover); everything else is for signed-in members. */
export const PUBLIC_BUCKETS: ReadonlySet<Bucket> = new Set<Bucket>(['app-assets', 'landing-covers']);

/**
 * Community covers and avatars (issue 10): post-images under `communities/` are public, since visitors see a
 * community's card and About page; event covers (issue 11) under `events/` likewise, since visitors see public
 * events' cards (a members-only event's cover is as public as a private community's: its key holds the event's
 * random id). Every other post-images key (the posts' photos) follows the rule below.
 */
export const PUBLIC_PREFIXES: ReadonlyArray<readonly [Bucket, string]> = [
  ['post-images', 'communities/'],
  ['post-images', 'events/'],
];

/** May anyone, signed in or not, read this file? */
export const isPublicFile = (bucket: Bucket, key: string) =>
  PUBLIC_BUCKETS.has(bucket) || PUBLIC_PREFIXES.some(([b, prefix]) => b === bucket && key.startsWith(prefix));

/** Buckets whose first key segment is the owning member's id, hidden while that member is deactivated. */
export const MEMBER_BUCKETS: ReadonlySet<Bucket> = new Set<Bucket>(['profile-pictures', 'profile-images']);

/**
 * May this caller read a stored file? Never a data archive. Members' photos follow their profile: their owner always; otherwise only
 * callers who may see members (decision 009: not applicants, not deactivated members), and a deactivated
 * member's photos only admins. Chat attachments need a session here and canReadChatMedia (their row names who
 * may see them); anything else members post is for those who may see members.
 */
export function canReadMedia(bucket: Bucket, actor: Actor | null, owner: { id: string; isDeactivated: boolean } | null, key = ''): boolean {
  // Members' data archives leave only through GET /api/account/export/download, to their owner (modules/data-export).
  if (bucket === 'data-exports') return false;
  if (isPublicFile(bucket, key)) return true;
  if (!actor) return false;
  if (bucket === 'chat-media') return true;
  if (!MEMBER_BUCKETS.has(bucket)) return canSeeMembers(actor);
  if (!owner || !canSeeMember(actor, owner.id)) return false;
  return !owner.isDeactivated || owner.id === actor.userId || isAdmin(actor);
}

/** Who may see one chat attachment: its uploader and the conversation it was sent in, if any. */
export interface ChatMediaAccess {
  uploaderId: string;
  /** The two participants of the conversation the file was sent in; null while it is not sent yet. */
  participants: readonly [string, string] | null;
  /** One participant has blocked the other (either way). */
  blocked: boolean;
}

/**
 * May this caller read a chat attachment (`chat-media`, the row from findChatMediaAccess)? Its uploader
 * always; the other participant of the conversation it was sent in unless a block stands between them (a
 * blocked member is 404 everywhere); nobody else, admins included: direct messages are private, and the
 * conversation routes answer 404 to non-participants too. A refusal looks like a missing file (404).
 */
export function canReadChatMedia(actor: Actor | null, access: ChatMediaAccess | null): boolean {
  if (!actor || !access) return false;
  if (access.uploaderId === actor.userId) return true;
  return !!access.participants?.includes(actor.userId) && !access.blocked;
}
