import { z } from 'zod';
import type { MemberSummary } from './connections.js';
import { REPORT_REASONS } from './safety.js';

/**
 * Posts, likes, comments and the Home feed (issue 10). Spec: notification types like and comment, the
 * post-images bucket, 'failed media uploads in the post uploader are skipped', search reads posts' content.
 */
export const POST_LIMITS = {
  contentMax: 5000,
  imagesMax: 6,
  /** The gallery's upload rules. */
  imageMaxBytes: 10 * 1024 * 1024,
  commentMax: 2000,
  feedPageSize: 20,
  commentsPageSize: 20,
  /** Replies shown under each comment of a page; more through the replies list. */
  repliesPreview: 3,
  /** Distinct members whose open reports hide a post until a moderator reviews it. */
  reportsToHide: 3,
  /** Uploaded post images never used by a post are swept after this long. */
  unclaimedImageHours: 24,
  /** The spec's search preview length, reused for share texts. */
  previewChars: 100,
} as const;

export const POST_MESSAGES = {
  contentTooLong: `Posts must be at most ${POST_LIMITS.contentMax} characters`,
  empty: 'Write something or add a photo',
  imagesMax: `You can add at most ${POST_LIMITS.imagesMax} photos`,
  imageInvalid: 'A photo is not available any more. Please add it again.',
  imageSkipped: (name: string) => `${name} could not be uploaded and was left out`,
  notImage: (name: string) => `File ${name} is not an image`,
  imageTooLarge: (name: string) => `File ${name} is too large (max 10MB)`,
  commentTooLong: `Comments must be at most ${POST_LIMITS.commentMax} characters`,
  commentEmpty: 'Write a comment',
  notFound: 'This post is not available',
  commentNotFound: 'This comment is not available',
  replyToReply: 'You can only reply to a comment, not to a reply',
  notCommunityMember: 'Join this community to post in it',
  /** Applicants with a flag on reach the flag routes; posts stay for approved members (decision 009). */
  notApproved: 'Posts open once your membership is approved',
  noImageUploads: 'You cannot add photos to posts',
  noFeedPosting: 'You cannot post to the member feed',
  cannotReportOwn: 'You cannot report your own post',
  alreadyReported: 'You already reported this',
  reported: 'Thanks. The moderators will review it.',
  hiddenNotice: 'Hidden while the moderators review reports about it',
  // UI texts
  composerPlaceholder: "What's happening in the Bay?",
  post: 'Post',
  posting: 'Posting...',
  newPosts: (n: number) => (n === 1 ? '1 new post' : `${n} new posts`),
  emptyFeed: 'Nothing here yet',
  emptyFeedHint: 'Join communities to see what they are talking about, or write the first post.',
  loadFailed: 'Failed to load posts',
  linkCopied: 'Link copied',
  deleted: 'Post deleted',
  memberFeed: 'Everyone (member feed)',
} as const;

/** JSON body of POST /api/posts: images are uploaded first (POST /api/post-images) and referenced by key. */
export const createPostSchema = z
  .object({
    communityId: z.uuid({ error: 'Please choose where to post' }).nullable(),
    content: z.string().trim().max(POST_LIMITS.contentMax, { error: POST_MESSAGES.contentTooLong }).default(''),
    imageKeys: z
      .array(z.string().max(200))
      .max(POST_LIMITS.imagesMax, { error: POST_MESSAGES.imagesMax })
      .default([])
      .refine((keys) => new Set(keys).size === keys.length, { error: POST_MESSAGES.imageInvalid }),
  })
  .refine((p) => p.content.length > 0 || p.imageKeys.length > 0, { error: POST_MESSAGES.empty, path: ['content'] });
export type CreatePostInput = z.input<typeof createPostSchema>;

export const updatePostSchema = z.object({
  content: z.string().trim().min(1, { error: POST_MESSAGES.empty }).max(POST_LIMITS.contentMax, { error: POST_MESSAGES.contentTooLong }),
});

export const createCommentSchema = z.object({
  content: z
    .string({ error: POST_MESSAGES.commentEmpty })
    .trim()
    .min(1, { error: POST_MESSAGES.commentEmpty })
    .max(POST_LIMITS.commentMax, { error: POST_MESSAGES.commentTooLong }),
  parentId: z.uuid({ error: POST_MESSAGES.commentNotFound }).optional(),
});
export type CreateCommentInput = z.input<typeof createCommentSchema>;

export const updateCommentSchema = z.object({
  content: createCommentSchema.shape.content,
});

export const contentReportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason' }),
    details: z
      .string()
      .trim()
      .max(1000, { error: 'Details must be at most 1000 characters' })
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((r) => r.reason !== 'other' || !!r.details, { error: 'Please tell us what happened', path: ['details'] });
export type ContentReportInput = z.input<typeof contentReportSchema>;

export const feedQuerySchema = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional().default(POST_LIMITS.feedPageSize),
});
export const commentsQuerySchema = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional().default(POST_LIMITS.commentsPageSize),
});
export const postIdParamsSchema = z.object({ id: z.uuid({ error: POST_MESSAGES.notFound }) });
export const commentIdParamsSchema = z.object({ id: z.uuid({ error: POST_MESSAGES.commentNotFound }) });

export interface PostImageView {
  /** Large variant (1080 px); imageVariantUrl picks 480/160. */
  url: string;
  width: number | null;
  height: number | null;
}

export interface PostView {
  id: string;
  author: MemberSummary;
  community: { id: string; name: string; urlSlug: string } | null;
  content: string;
  images: PostImageView[];
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  createdAt: string;
  editedAt: string | null;
  canEdit: boolean;
  canDelete: boolean;
  /** Hidden by reports: shown only to its author and the moderators, with a notice. */
  hidden: boolean;
  /** Moderators only: distinct open reports. */
  reportCount?: number;
  /** Usernames the post mentions that the reader may see (issue 21): rendered as links, any other @name as text. */
  mentions?: string[];
}

export interface CommentView {
  id: string;
  postId: string;
  parentId: string | null;
  author: MemberSummary;
  content: string;
  createdAt: string;
  editedAt: string | null;
  canEdit: boolean;
  canDelete: boolean;
  /** Top-level comments: how many replies, and the first few (oldest first). */
  replyCount?: number;
  replies?: CommentView[];
  /** Usernames the comment mentions that the reader may see (as PostView.mentions). */
  mentions?: string[];
}

export interface LikeResult {
  liked: boolean;
  likeCount: number;
}

export interface PostImageUpload {
  key: string;
  url: string;
  width: number;
  height: number;
}

/** Share text and link: the post's own page. */
export const postPath = (postId: string) => `/community/posts/${postId}`;

/** The spec's post preview: the first 100 characters plus an ellipsis. */
export function postPreview(content: string, max: number = POST_LIMITS.previewChars): string {
  const chars = [...content.trim()];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** "Ana liked your post" / "Ana and 3 others liked your post" (one notification per post while unread). */
export function likeNotificationText(name: string, likeCount: number): string {
  const others = likeCount - 1;
  if (others <= 0) return `${name} liked your post`;
  return `${name} and ${others} ${others === 1 ? 'other' : 'others'} liked your post`;
}

/** Socket events of the feed (added to ServerEvents); each reaches only members who could read the post. */
export type PostServerEvent =
  /** A post for the member's Home feed: the page shows a "N new posts" pill instead of jumping. */
  | { type: 'feed:new'; postId: string; communityId: string | null; authorId: string }
  | { type: 'post:counts'; postId: string; likeCount: number; commentCount: number }
  | { type: 'post:comment'; postId: string; commentId: string }
  /** Deleted, or hidden by reports: drop it from lists. */
  | { type: 'post:removed'; postId: string };

declare module './realtime.js' {
  interface ServerEvents {
    posts: PostServerEvent;
  }
}
