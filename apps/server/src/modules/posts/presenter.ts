import { mentionedUsernames, type CommentView, type MemberSummary, type PostImageView, type PostView } from '@bayclub/shared';
import { publicUrl } from '../../platform/storage/storage.js';
import type { Actor } from '../access/index.js';
import type { MembershipFacts } from '../communities/index.js';
import { postPermissions } from './policy.js';
import { type CommentRow, type PostRow } from './repository.js';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

function author(row: Pick<PostRow, 'full_name' | 'username' | 'profile_picture_url' | 'is_verified' | 'age' | 'city'> & { author_id: string }): MemberSummary {
  return {
    id: row.author_id,
    fullName: row.full_name,
    username: row.username,
    profilePictureUrl: row.profile_picture_url,
    isVerified: row.is_verified === true,
    age: row.age,
    city: row.city,
  };
}

/** The images of a post in the author's order, with the sizes stored at upload ("1080x720"). */
function images(row: PostRow): PostImageView[] {
  const sizes = row.image_sizes;
  return row.image_keys.map((key, i) => {
    const [w, h] = (sizes[i] ?? '').split('x').map(Number);
    return { url: publicUrl('post-images', key), width: w || null, height: h || null };
  });
}

export const membershipOf = (row: Pick<PostRow, 'my_status' | 'my_role'>): MembershipFacts | null =>
  row.my_status && row.my_role ? { status: row.my_status, role: row.my_role } : null;

/**
 * A post as the caller sees it (a whitelist of fields). Its permissions come from postPermissions, the same
 * decision the routes make; the report count only for those who moderate it.
 */
/**
 * The recorded mentions the text still names: an edit that drops a name keeps its row (the member was told once and
 * is not told again if the name comes back), but readers are no longer told who it named.
 */
function stillMentioned(recorded: string[], content: string): string[] {
  if (!recorded.length) return recorded;
  const named = new Set(mentionedUsernames(content));
  return recorded.filter((username) => named.has(username));
}

export function presentPost(row: PostRow, actor: Actor): PostView {
  const perms = postPermissions(
    actor,
    { authorId: row.author_id, communityId: row.community_id, visibility: row.community_visibility, hidden: row.hidden, gone: false },
    membershipOf(row),
  );
  const view: PostView = {
    id: row.id,
    author: author(row),
    community: row.community_id ? { id: row.community_id, name: row.community_name ?? '', urlSlug: row.community_slug ?? '' } : null,
    content: row.content,
    images: images(row),
    likeCount: row.like_count,
    commentCount: row.comment_count,
    likedByMe: row.liked_by_me === true,
    createdAt: iso(row.created_at),
    editedAt: isoOrNull(row.edited_at),
    canEdit: perms.canEdit,
    canDelete: perms.canDelete,
    hidden: row.hidden === true,
  };
  if (perms.canModerate) view.reportCount = row.report_count;
  const mentions = stillMentioned(row.mentions, row.content);
  if (mentions.length) view.mentions = mentions;
  return view;
}

/** A comment; `canModerate` is the caller's moderation right over the post's community. */
export function presentComment(row: CommentRow, actor: Actor, canModerate: boolean, replies?: CommentView[]): CommentView {
  const own = row.author_id === actor.userId;
  const view: CommentView = {
    id: row.id,
    postId: row.post_id,
    parentId: row.parent_id,
    author: author(row),
    content: row.content,
    createdAt: iso(row.created_at),
    editedAt: isoOrNull(row.edited_at),
    canEdit: own,
    canDelete: own || canModerate,
  };
  const mentions = stillMentioned(row.mentions, row.content);
  if (mentions.length) view.mentions = mentions;
  if (row.parent_id === null && row.reply_count !== undefined) {
    view.replyCount = row.reply_count;
    view.replies = replies ?? [];
  }
  return view;
}
