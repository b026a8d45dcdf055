import type { CommunityVisibility } from '@bayclub/shared';
import { canSeeMembers, isActiveMember, isAdmin, type Actor } from '../access/index.js';
import { communityViewer, type MembershipFacts } from '../communities/index.js';
import type { PostImageAccess } from './repository.js';

/** What the post decisions need to know about a post (loaded with the viewer's membership in one query). */
export interface PostFacts {
  authorId: string;
  /** null: the member-wide feed. */
  communityId: string | null;
  visibility: CommunityVisibility | null;
  hidden: boolean;
  /** The author is deactivated, or a block stands between author and viewer: the post does not exist for them. */
  gone: boolean;
}

/**
 * Member-wide posts have no community staff: admins and platform moderators (role moderator) moderate them,
 * as they moderate members (the reports queue).
 */
export const isPlatformModerator = (actor: Actor | null) =>
  isAdmin(actor) || (!!actor?.roles.includes('moderator') && isActiveMember(actor));

/** May the caller moderate posts of this community (null: member-wide)? Community staff, admins. */
export function canModeratePosts(actor: Actor | null, communityId: string | null, visibility: CommunityVisibility | null, membership: MembershipFacts | null) {
  if (!canSeeMembers(actor)) return false;
  if (communityId === null) return isPlatformModerator(actor);
  return communityViewer(actor, { visibility: visibility ?? 'private' }, membership)?.canModerate ?? false;
}

export interface PostPermissions {
  canRead: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canModerate: boolean;
}

/**
 * The one decision about a caller and a post. Readers are the community's readers (communityViewer; member-wide:
 * every approved member); a hidden post is read only by its author and the moderators; a post whose author is
 * deactivated or blocked either way is gone for the caller. Authors edit; authors and moderators delete.
 */
export function postPermissions(actor: Actor | null, post: PostFacts, membership: MembershipFacts | null): PostPermissions {
  const none = { canRead: false, canEdit: false, canDelete: false, canModerate: false };
  if (!actor || !canSeeMembers(actor) || post.gone) return none;
  const readsCommunity =
    post.communityId === null || (communityViewer(actor, { visibility: post.visibility ?? 'private' }, membership)?.canRead ?? false);
  if (!readsCommunity) return none;
  const own = post.authorId === actor.userId;
  const canModerate = canModeratePosts(actor, post.communityId, post.visibility, membership);
  if (post.hidden && !own && !canModerate) return none;
  return { canRead: true, canEdit: own, canDelete: own || canModerate, canModerate };
}

/**
 * May this caller see a post image? Its uploader while no post claims it (the composer's preview); once posted,
 * whoever may read the post (postPermissions: the community's readers, blocks, hidden posts). Refused: 404.
 */
export function canReadPostImage(actor: Actor | null, access: PostImageAccess | null): boolean {
  if (!actor || !access) return false;
  if (!access.post) return access.uploaderId === actor.userId;
  return postPermissions(actor, access.post, access.membership).canRead;
}
