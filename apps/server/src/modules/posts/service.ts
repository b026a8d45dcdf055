import { randomUUID } from 'node:crypto';
import {
  MENTION_LIMITS,
  mentionedUsernames,
  POST_LIMITS,
  postPath,
  postPreview,
  type CommentView,
  type ReportReason,
  type LikeResult,
  type LimitedUserFlags,
  type MentionSuggestions,
  type Page,
  type PostView,
} from '@bayclub/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { announcing, publish } from '../../platform/bus.js';
import { decodeCursor, encodeCursor, isTimeCursor } from '../../platform/cursor.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { announceReport } from '../../platform/report-announcements.js';
import { canSeeMembers, canUse, isAdmin, presentMember, type Actor } from '../access/index.js';
import { communityViewer } from '../communities/index.js';
import { baseOfKey, variantKeys, type MediaService } from '../media/index.js';
import type { Notifier } from '../notifications/index.js';
import { commentNotification, likeNotification, mentionNotification, replyNotification } from './notifications.js';
import { canModeratePosts, isPlatformModerator, postPermissions } from './policy.js';
import { membershipOf, presentComment, presentPost } from './presenter.js';
import * as repo from './repository.js';
import { POSTS_ERRORS as M } from './messages.js';

const postGone = () => notFound(M.notFound);
const commentGone = () => notFound(M.commentNotFound);
const communityGone = () => notFound(M.communityNotFound);

/** The name other members see in a notification. */
/** The name a notice shows for the member who acted (null: the notice's own word for a member without one). */
const noticeName = (actor: Actor) => actor.profile?.fullName?.trim() || actor.profile?.username || null;

/**
 * Applicants with a flag switched on pass the flag routes' access check; posts are for approved members only
 * (decision 009), so they stop here with a message of their own.
 */
function requireApproved(actor: Actor) {
  if (!canSeeMembers(actor)) throw new AppError(403, 'FORBIDDEN', M.notApproved);
}

/** The reader facts the list queries need (global search reads posts with them too). */
export const readerOf = (actor: Actor): repo.Reader => ({ userId: actor.userId, admin: isAdmin(actor), platformModerator: isPlatformModerator(actor) });

function pageOf<R extends { id: string; cursor_at: string }, V>(rows: R[], limit: number, present: (r: R) => V): Page<V> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(present), nextCursor: rows.length > limit && last ? encodeCursor({ c: last.cursor_at, i: last.id }) : null };
}

export function createPostsService(deps: { db: Db; notifier: Notifier; media: MediaService; flags: () => Promise<LimitedUserFlags> }) {
  const { db, notifier, media } = deps;

  /** The post with the caller's rights over it; 404 (as for an unknown id) when they may not read it. */
  async function readable(actor: Actor, postId: string, tx: DbOrTx = db) {
    requireApproved(actor);
    const row = await repo.findPost(tx, actor.userId, postId);
    if (!row) throw postGone();
    const perms = postPermissions(
      actor,
      { authorId: row.author_id, communityId: row.community_id, visibility: row.community_visibility, hidden: row.hidden, gone: row.gone },
      membershipOf(row),
    );
    if (!perms.canRead) throw postGone();
    return { row, perms };
  }

  async function view(actor: Actor, postId: string): Promise<PostView> {
    const { row } = await readable(actor, postId);
    return presentPost(row, actor);
  }

  /** A comment the caller may see, on a post they may read. */
  async function visibleComment(actor: Actor, commentId: string) {
    requireApproved(actor);
    const comment = await repo.findComment(db, actor.userId, commentId);
    if (!comment || comment.gone) throw commentGone();
    const post = await readable(actor, comment.post_id).catch(() => {
      throw commentGone();
    });
    return { comment, post };
  }

  /** One `like` notification per post while unread, its text refreshed by each like (never for one's own). */
  async function notifyLike(tx: DbOrTx, after: AfterCommit, actor: Actor, post: { id: string; authorId: string }, likeCount: number) {
    if (post.authorId === actor.userId) return;
    await notifier.notifyCollapsed(
      tx,
      after,
      {
        userId: post.authorId,
        kind: likeNotification,
        params: { actorId: actor.userId, actorName: noticeName(actor), count: likeCount },
        relatedId: post.id,
        path: postPath(post.id),
      },
      { pushWhenRefreshed: false },
    );
  }

  /**
   * Record the members `content` mentions who may be mentioned there (the repository's mentionableIn) and notify
   * those recorded now: an edit that keeps a name records and notifies nobody new. `skip`: members this write
   * already notified (a comment's post author).
   */
  async function notifyMentions(
    tx: DbOrTx,
    after: AfterCommit,
    actor: Actor,
    target: { postId: string; commentId?: string; content: string },
    skip: ReadonlySet<string> = new Set(),
  ) {
    const names = mentionedUsernames(target.content);
    if (!names.length) return false;
    const recorded = target.commentId
      ? await repo.recordCommentMentions(tx, target.commentId, actor.userId, names)
      : await repo.recordPostMentions(tx, target.postId, actor.userId, names);
    const params = { actorId: actor.userId, actorName: noticeName(actor), in: target.commentId ? ('comment' as const) : ('post' as const), excerpt: postPreview(target.content) };
    const toTell = recorded.filter((userId) => !skip.has(userId));
    if (!toTell.length) return recorded.length > 0;
    // One statement for all of them (a text may name up to MENTION_LIMITS.perText members).
    await notifier.notifyMany(tx, after, toTell, {
      kind: mentionNotification,
      params,
      relatedId: target.postId,
      path: postPath(target.postId),
    });
    return true;
  }

  const service = {
    async feed(actor: Actor, cursor: string | undefined, limit: number): Promise<Page<PostView>> {
      requireApproved(actor);
      const rows = await repo.feedPage(db, readerOf(actor), decodeCursor(cursor, isTimeCursor), limit);
      return pageOf(rows, limit, (r) => presentPost(r, actor));
    },

    async communityPosts(actor: Actor, communityId: string, cursor: string | undefined, limit: number, opts: { reported?: boolean } = {}) {
      requireApproved(actor);
      const access = await repo.communityAccess(db, communityId, actor.userId);
      const viewer = access && communityViewer(actor, { visibility: access.visibility }, access.status && access.role ? { status: access.status, role: access.role } : null);
      if (!viewer?.canRead) throw communityGone();
      if (opts.reported && !viewer.canModerate) throw forbidden(M.communityReportedModeratorsOnly);
      const rows = await repo.communityPage(db, readerOf(actor), communityId, {
        cursor: decodeCursor(cursor, isTimeCursor),
        limit,
        staff: viewer.canModerate,
        reported: opts.reported,
      });
      return pageOf(rows, limit, (r) => presentPost(r, actor));
    },

    /** Reported member-wide posts: the platform's moderators (admins, role moderator) review them. */
    async memberFeedReported(actor: Actor, cursor: string | undefined, limit: number) {
      requireApproved(actor);
      if (!isPlatformModerator(actor)) throw forbidden(M.reportedModeratorsOnly);
      const rows = await repo.communityPage(db, readerOf(actor), null, { cursor: decodeCursor(cursor, isTimeCursor), limit, staff: true, reported: true });
      return pageOf(rows, limit, (r) => presentPost(r, actor));
    },

    get: view,

    /**
     * Who the author may mention (GET /api/mentions): in a post's community (`communityId`, the composer) or on a
     * post (`postId`, a comment). A community or post they cannot read is answered 404 as everywhere.
     */
    async mentionSuggestions(actor: Actor, q: { q: string; communityId?: string; postId?: string }): Promise<MentionSuggestions> {
      requireApproved(actor);
      let privateCommunity: string | null = null;
      let postAuthor: string | null = null;
      if (q.postId) {
        const { row } = await readable(actor, q.postId);
        postAuthor = row.author_id;
        if (row.community_visibility === 'private') privateCommunity = row.community_id;
      } else if (q.communityId) {
        const access = await repo.communityAccess(db, q.communityId, actor.userId);
        const viewer = access && communityViewer(actor, { visibility: access.visibility }, access.status && access.role ? { status: access.status, role: access.role } : null);
        if (!viewer?.canRead) throw communityGone();
        if (access?.visibility === 'private') privateCommunity = q.communityId;
      }
      const members = await repo.mentionCandidates(db, actor.userId, q.q, privateCommunity, MENTION_LIMITS.suggestions, postAuthor);
      return { items: members.map(presentMember) };
    },

    /**
     * A post in a community the author is an active member of, or member-wide (full members, and community
     * members with see_feed_nav). Images are the author's unclaimed uploads, claimed in the same transaction.
     */
    async create(actor: Actor, input: { communityId: string | null; content: string; imageKeys: string[] }): Promise<PostView> {
      requireApproved(actor);
      const flags = await deps.flags();
      if (input.communityId) {
        const access = await repo.communityAccess(db, input.communityId, actor.userId);
        const viewer = access && communityViewer(actor, { visibility: access.visibility }, access.status && access.role ? { status: access.status, role: access.role } : null);
        if (!viewer?.canRead) throw communityGone();
        if (!viewer.canPost) throw new AppError(403, 'FORBIDDEN', M.notCommunityMember);
      } else if (!canUse(actor, 'see_feed_nav', flags)) {
        throw new AppError(403, 'FORBIDDEN', M.noFeedPosting);
      }
      if (input.imageKeys.length && !canUse(actor, 'upload_images', flags)) {
        throw new AppError(403, 'FORBIDDEN', M.noImageUploads);
      }
      const after = new AfterCommit();
      const id = await db.transaction(async (tx) => {
        const images = await repo.lockUnclaimedImages(tx, actor.userId, input.imageKeys);
        if (!images) throw badRequest(M.imageInvalid, { imageKeys: M.imageInvalid });
        const postId = await repo.insertPost(tx, {
          authorId: actor.userId,
          communityId: input.communityId,
          content: input.content,
          imageKeys: input.imageKeys,
          imageSizes: images.map((i) => `${i.width}x${i.height}`),
        });
        await notifyMentions(tx, after, actor, { postId, content: input.content });
        await publish(tx, { k: 'post', id: postId, c: input.communityId, a: actor.userId });
        return postId;
      });
      after.run();
      return view(actor, id);
    },

    async update(actor: Actor, postId: string, content: string): Promise<PostView> {
      const { perms } = await readable(actor, postId);
      if (!perms.canEdit) throw forbidden(M.editOwnPostsOnly);
      const after = new AfterCommit();
      await db.transaction(async (tx) => {
        await repo.updatePostContent(tx, postId, content);
        await notifyMentions(tx, after, actor, { postId, content });
      });
      after.run();
      return view(actor, postId);
    },

    /** The author, the community's staff and admins (platform moderators for member-wide posts) delete. */
    async remove(actor: Actor, postId: string): Promise<void> {
      const { row, perms } = await readable(actor, postId);
      if (!perms.canDelete) throw forbidden(M.cannotDeletePost);
      const outbox = await db.transaction(async (tx) => {
        // Reports, likes and comments go with the post (foreign keys); its files through the outbox.
        const deleted = await repo.deletePost(tx, postId);
        if (!deleted) return [];
        await publish(tx, { k: 'postx', id: postId, c: row.community_id, a: row.author_id });
        const entries = deleted.imageKeys.flatMap((key) => variantKeys(baseOfKey(key)).map((k) => ({ bucket: 'post-images' as const, keyOrPrefix: k })));
        return media.scheduleDeletion(tx, entries);
      });
      await media.drainDeletions(outbox).catch(() => undefined);
    },

    async like(actor: Actor, postId: string): Promise<LikeResult> {
      const { row } = await readable(actor, postId);
      const after = new AfterCommit();
      const result = await db.transaction(async (tx) => {
        const announcement = announcing({ k: 'postc', id: postId, c: row.community_id, a: row.author_id, u: actor.userId });
        const r = await repo.like(tx, postId, actor.userId, announcement);
        if (r.inserted) await notifyLike(tx, after, actor, { id: postId, authorId: row.author_id }, r.storedLikeCount);
        return r;
      }).catch(rethrowGone);
      after.run();
      return { liked: true, likeCount: result.likeCount };
    },

    async unlike(actor: Actor, postId: string): Promise<LikeResult> {
      const { row } = await readable(actor, postId);
      const result = await db.transaction(async (tx) => {
        const r = await repo.unlike(tx, postId, actor.userId);
        if (r.inserted) await publish(tx, { k: 'postc', id: postId, c: row.community_id, a: row.author_id, u: actor.userId });
        return r;
      });
      return { liked: false, likeCount: result.likeCount };
    },

    /** Top-level comments oldest first, each with replyCount and its first replies: three statements a page. */
    async comments(actor: Actor, postId: string, cursor: string | undefined, limit: number): Promise<Page<CommentView>> {
      const { perms } = await readable(actor, postId);
      const rows = await repo.topLevelComments(db, actor.userId, postId, decodeCursor(cursor, isTimeCursor), limit);
      const page = rows.slice(0, limit);
      const replies = await repo.firstReplies(db, actor.userId, page.map((r) => r.id), POST_LIMITS.repliesPreview);
      const byParent = new Map<string, CommentView[]>();
      for (const r of replies) {
        const list = byParent.get(r.parent_id!) ?? [];
        list.push(presentComment(r, actor, perms.canModerate));
        byParent.set(r.parent_id!, list);
      }
      return pageOf(rows, limit, (r) => presentComment(r, actor, perms.canModerate, byParent.get(r.id) ?? []));
    },

    async replies(actor: Actor, commentId: string, cursor: string | undefined, limit: number): Promise<Page<CommentView>> {
      const { comment, post } = await visibleComment(actor, commentId);
      const rows = await repo.replies(db, actor.userId, comment.id, decodeCursor(cursor, isTimeCursor), limit);
      return pageOf(rows, limit, (r) => presentComment(r, actor, post.perms.canModerate));
    },

    /**
     * A comment or a reply (one level: the parent must be a top-level comment of the same post). `comment`
     * notifications go to the post's author and the parent comment's author, never to oneself, once each.
     */
    async comment(actor: Actor, postId: string, input: { content: string; parentId?: string }): Promise<CommentView> {
      const { row, perms } = await readable(actor, postId);
      let parentAuthor: string | null = null;
      if (input.parentId) {
        const parent = await repo.findComment(db, actor.userId, input.parentId);
        if (!parent || parent.gone || parent.post_id !== postId) throw badRequest(M.commentNotFound, { parentId: M.commentNotFound });
        if (parent.parent_id !== null) throw badRequest(M.replyToReply, { parentId: M.replyToReply });
        parentAuthor = parent.author_id;
      }
      const after = new AfterCommit();
      const path = postPath(postId);
      const created = await db.transaction(async (tx) => {
        const id = randomUUID();
        const c = await repo.insertComment(tx, { id, postId, authorId: actor.userId, parentId: input.parentId ?? null, content: input.content }, [
          announcing({ k: 'cmt', id, p: postId, c: row.community_id, a: row.author_id, u: actor.userId }),
          announcing({ k: 'postc', id: postId, c: row.community_id, a: row.author_id, u: actor.userId }),
        ]);
        const notified = new Set([actor.userId]);
        const tell = async (userId: string, kind: typeof commentNotification) => {
          if (notified.has(userId)) return;
          notified.add(userId);
          const params = { actorId: actor.userId, actorName: noticeName(actor), excerpt: postPreview(input.content) };
          await notifier.notify(tx, after, { userId, kind, params, relatedId: postId, path });
        };
        if (parentAuthor) await tell(parentAuthor, replyNotification);
        await tell(row.author_id, commentNotification);
        const mentioned = await notifyMentions(tx, after, actor, { postId, commentId: c.id, content: input.content }, notified);
        return { row: c, mentioned };
      }).catch(rethrowGone);
      after.run();
      // The insert answered the comment; only its mentions (recorded after it) need it read again.
      const comment = created.mentioned ? (await repo.findComment(db, actor.userId, created.row.id))! : created.row;
      return presentComment({ ...comment, reply_count: input.parentId ? undefined : 0 }, actor, perms.canModerate);
    },

    async updateComment(actor: Actor, commentId: string, content: string): Promise<CommentView> {
      const { comment, post } = await visibleComment(actor, commentId);
      if (comment.author_id !== actor.userId) throw forbidden(M.editOwnCommentsOnly);
      const after = new AfterCommit();
      await db.transaction(async (tx) => {
        await repo.updateCommentContent(tx, commentId, content);
        await notifyMentions(tx, after, actor, { postId: comment.post_id, commentId, content });
      });
      after.run();
      const fresh = await repo.findComment(db, actor.userId, commentId);
      return presentComment(fresh!, actor, post.perms.canModerate);
    },

    async removeComment(actor: Actor, commentId: string): Promise<void> {
      const { comment, post } = await visibleComment(actor, commentId);
      if (comment.author_id !== actor.userId && !post.perms.canModerate) throw forbidden(M.cannotDeleteComment);
      await db.transaction(async (tx) => {
        await repo.deleteComment(tx, commentId, comment.post_id);
        const p = post.row;
        await publish(tx, { k: 'postc', id: p.id, c: p.community_id, a: p.author_id, u: actor.userId });
      });
    },

    /**
     * A member reports a post once (409 after). Each report counts one more distinct open reporter; at
     * POST_LIMITS.reportsToHide the post is hidden from everyone but its author and the moderators.
     */
    async reportPost(actor: Actor, postId: string, input: { reason: ReportReason; details: string | null }): Promise<{ id: string }> {
      const { row } = await readable(actor, postId);
      if (row.author_id === actor.userId) throw forbidden(M.cannotReportOwn);
      return db.transaction(async (tx) => {
        const id = await repo.insertContentReport(tx, {
          reporterId: actor.userId,
          target: { postId },
          authorId: row.author_id,
          communityId: row.community_id,
          reason: input.reason,
          details: input.details,
        });
        if (!id) throw conflict(M.alreadyReported);
        await announceReport(tx, { id, communityId: row.community_id, change: 'new' });
        const { hiddenNow } = await repo.countReport(tx, postId, POST_LIMITS.reportsToHide);
        if (hiddenNow) await publish(tx, { k: 'postx', id: postId, c: row.community_id, a: row.author_id, h: 1 });
        return { id };
      }).catch(rethrowGone);
    },

    async reportComment(actor: Actor, commentId: string, input: { reason: ReportReason; details: string | null }): Promise<{ id: string }> {
      const { comment, post } = await visibleComment(actor, commentId);
      if (comment.author_id === actor.userId) throw forbidden(M.cannotReportOwn);
      const id = await db
        .transaction(async (tx) => {
          const reportId = await repo.insertContentReport(tx, {
            reporterId: actor.userId,
            target: { commentId },
            authorId: comment.author_id,
            communityId: post.row.community_id,
            reason: input.reason,
            details: input.details,
          });
          if (reportId) await announceReport(tx, { id: reportId, communityId: post.row.community_id, change: 'new' });
          return reportId;
        })
        .catch(rethrowGone);
      if (!id) throw conflict(M.alreadyReported);
      return { id };
    },

    /** A moderator's review: unhidden, reports closed. */
    async restore(actor: Actor, postId: string): Promise<PostView> {
      const { row } = await readable(actor, postId);
      if (!canModeratePosts(actor, row.community_id, row.community_visibility, membershipOf(row))) {
        throw forbidden(M.restoreModeratorsOnly);
      }
      await db.transaction((tx) => repo.restorePost(tx, postId));
      return view(actor, postId);
    },
  };
  return service;
}

/** A post or comment deleted while the request was writing: a foreign key violation, answered as gone. */
function rethrowGone(err: unknown): never {
  const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  if (code === '23503') throw postGone();
  throw err;
}

export type PostsService = ReturnType<typeof createPostsService>;
