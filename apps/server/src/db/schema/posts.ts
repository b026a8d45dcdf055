import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { communities } from './communities.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = <N extends string>(name: N) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Posts of the Home feed (issue 10): in a community, or member-wide when community_id is null. Counts are kept
 * on the row in the transaction that changes them, so a feed page never counts.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: userRef('author_id'),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    /** Large-variant keys in post-images, in the order the author chose. */
    imageKeys: text('image_keys').array().notNull().default(sql`'{}'::text[]`),
    /** Width x height of each image, same order ("1080x720"), so pages reserve space and do not shift. */
    imageSizes: text('image_sizes').array().notNull().default(sql`'{}'::text[]`),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** Distinct members with an open report; at POST_LIMITS.reportsToHide the post is hidden until reviewed. */
    reportCount: integer('report_count').notNull().default(0),
    hiddenAt: ts('hidden_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
  },
  (t) => [
    // A community's posts and the Home feed's per-community scans, newest first.
    index('posts_community_created_idx').on(t.communityId, t.createdAt.desc(), t.id.desc()),
    // The member-wide feed.
    index('posts_member_feed_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.communityId} IS NULL`),
    index('posts_author_created_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    // The moderators' queue: hidden or reported posts.
    index('posts_reported_idx').on(t.communityId, t.createdAt.desc()).where(sql`${t.reportCount} > 0`),
    // Global search (issue 13, decision 017): "contains" on the folded text (bayclub_fold, migration 0024), and the
    // newest matches of a common word found by walking all posts newest first (a rare word goes through the trigram
    // index instead).
    index('posts_content_fold_trgm_idx').using('gin', sql`bayclub_fold(${t.content}) gin_trgm_ops`),
    index('posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('posts_content_length', sql`char_length(${t.content}) <= 5000`),
    check('posts_images_max', sql`cardinality(${t.imageKeys}) <= 6`),
    check('posts_counts', sql`${t.likeCount} >= 0 AND ${t.commentCount} >= 0 AND ${t.reportCount} >= 0`),
  ],
);

/** One like per member and post; the primary key makes a double click or a race a no-op. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

/** Comments with one level of replies (parent_id points at a top-level comment). */
export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    parentId: uuid('parent_id').references((): AnyPgColumn => postComments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
  },
  (t) => [
    // Top-level comments of a post, oldest first (newest last).
    index('post_comments_post_idx').on(t.postId, t.createdAt, t.id).where(sql`${t.parentId} IS NULL`),
    index('post_comments_parent_idx').on(t.parentId, t.createdAt, t.id),
    // A member's comments; with the post, what a reader's comment count leaves out (posts/repository.ts countsSeenBy:
    // a probe per hidden member and post, not a walk through all their comments).
    index('post_comments_author_post_idx').on(t.authorId, t.postId),
    check('post_comments_content_length', sql`char_length(${t.content}) BETWEEN 1 AND 2000`),
  ],
);

/**
 * Images uploaded for posts before the post is written (like chat attachments): a post claims its uploader's
 * unclaimed keys; files never claimed are swept after POST_LIMITS.unclaimedImageHours.
 */
export const postImages = pgTable(
  'post_images',
  {
    storageKey: text('storage_key').primaryKey(),
    uploaderId: userRef('uploader_id'),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('post_images_uploader_idx').on(t.uploaderId, t.createdAt),
    index('post_images_unclaimed_idx').on(t.createdAt).where(sql`${t.postId} IS NULL`),
  ],
);

/**
 * Members a post mentions (@username resolved when the post is saved, issue 21): only members who may open the post
 * and see its author. The primary key is what makes an edit leave the already mentioned alone (no second notice).
 */
export const postMentions = pgTable(
  'post_mentions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_mentions_user_idx').on(t.userId)],
);

/** Members a comment or reply mentions: the same rules as postMentions. */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => postComments.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_mentions_user_idx').on(t.userId)],
);
