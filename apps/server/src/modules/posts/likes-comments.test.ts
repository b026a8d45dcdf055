import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { POST_LIMITS, POST_MESSAGES, likeNotificationText, postPath, type CommentView } from '@bayclub/shared';
import { buildTestApp, createMember, type TestUser } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { notifications, postLikes, posts, profiles } from '../../db/schema/index.js';
import { createPost, del, get, patch, post } from './post-fixtures.js';
import { renderedNotifications } from '../notifications/notification-fixtures.js';
import { STATEMENT_COUNT_HEADER } from '../../platform/statement-count.js';

// Statement counts in a header: the cost of a like and a comment is checked below (issue 25).
const t = await buildTestApp({ BENCH_COUNT_SQL: true });
const db = t.ctx.database.db;

const countsOf = async (postId: string) => {
  const [row] = await db.select({ likes: posts.likeCount, comments: posts.commentCount }).from(posts).where(eq(posts.id, postId));
  return row!;
};
const notificationsOf = (userId: string, type: 'like' | 'comment') =>
  renderedNotifications(db, and(eq(notifications.userId, userId), eq(notifications.type, type)));
const named = async (name: string) => {
  const m = await createMember(t);
  await db.update(profiles).set({ fullName: name }).where(eq(profiles.id, m.id));
  return m;
};
const comment = (who: TestUser, postId: string, content: string, parentId?: string) =>
  post(t, who, `/api/posts/${postId}/comments`, { content, ...(parentId ? { parentId } : {}) });

describe('the cost of a tap (issue 25)', () => {
  it('a like and a comment on a member\'s post take five SQL statements each: the post read, BEGIN, the write, the notification, COMMIT', async () => {
    const author = await createMember(t);
    const me = await createMember(t);
    const p = await createPost(t, author);
    await get(t, me, `/api/posts/${p.id}`);
    const statements = (res: { headers: Record<string, unknown> }) => Number(res.headers[STATEMENT_COUNT_HEADER]);
    const like = await post(t, me, `/api/posts/${p.id}/like`);
    expect(like.statusCode).toBe(200);
    expect(statements(like)).toBe(5);
    // The insert answers the comment as its author reads it: no read after the commit (one with a mention has one).
    const said = await comment(me, p.id, 'Count me in');
    expect(said.statusCode).toBe(201);
    expect(statements(said)).toBe(5);
    expect(said.json()).toEqual((await get(t, me, `/api/posts/${p.id}/comments`)).json().items[0]);
  });
});

describe('likes', () => {
  it('idempotent: a double click counts once; unlike twice leaves zero', async () => {
    const author = await createMember(t);
    const me = await createMember(t);
    const p = await createPost(t, author);
    const [a, b] = await Promise.all([post(t, me, `/api/posts/${p.id}/like`), post(t, me, `/api/posts/${p.id}/like`)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual({ liked: true, likeCount: 1 });
    expect((await post(t, me, `/api/posts/${p.id}/like`)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await countsOf(p.id)).likes).toBe(1);
    expect((await del(t, me, `/api/posts/${p.id}/like`)).json()).toEqual({ liked: false, likeCount: 0 });
    expect((await del(t, me, `/api/posts/${p.id}/like`)).json()).toEqual({ liked: false, likeCount: 0 });
    expect((await countsOf(p.id)).likes).toBe(0);
  });

  it('30 members liking at once, each twice, leave an exact count', async () => {
    const author = await createMember(t);
    const p = await createPost(t, author);
    const likers: TestUser[] = [];
    for (let i = 0; i < 30; i++) likers.push(await createMember(t));
    const results = await Promise.all(likers.flatMap((m) => [post(t, m, `/api/posts/${p.id}/like`), post(t, m, `/api/posts/${p.id}/like`)]));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await countsOf(p.id)).likes).toBe(30);
    expect(await db.$count(postLikes, eq(postLikes.postId, p.id))).toBe(30);
    // One like notification for the post, whatever the race.
    expect(await notificationsOf(author.id, 'like')).toHaveLength(1);
    await Promise.all(likers.slice(0, 10).map((m) => del(t, m, `/api/posts/${p.id}/like`)));
    expect((await countsOf(p.id)).likes).toBe(20);
  });

  it('one like notification per post while unread ("Ana and 3 others"), never for oneself, not for unlikes', async () => {
    const author = await named('Paula');
    const p = await createPost(t, author);
    await post(t, author, `/api/posts/${p.id}/like`);
    expect(await notificationsOf(author.id, 'like')).toEqual([]);
    const [ana, bo, cy] = [await named('Ana'), await named('Bo'), await named('Cy')];
    await post(t, bo, `/api/posts/${p.id}/like`);
    let rows = await notificationsOf(author.id, 'like');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: likeNotificationText('Bo', 2), path: postPath(p.id), relatedId: p.id });
    await post(t, cy, `/api/posts/${p.id}/like`);
    await post(t, ana, `/api/posts/${p.id}/like`);
    rows = await notificationsOf(author.id, 'like');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.message).toBe('Ana and 3 others liked your post');
    await del(t, ana, `/api/posts/${p.id}/like`);
    expect((await notificationsOf(author.id, 'like'))[0]!.message).toBe('Ana and 3 others liked your post');
    // Once read, the next like starts a new one.
    await post(t, author, '/api/notifications/mark-read', {});
    await post(t, ana, `/api/posts/${p.id}/like`);
    rows = await notificationsOf(author.id, 'like');
    expect(rows).toHaveLength(2);
  });
});

describe('comments', () => {
  it('one level of replies; a reply to a reply is refused; newest last with replyCount and the first replies', async () => {
    const author = await named('Author');
    const reader = await named('Reader');
    const p = await createPost(t, author);
    const first = (await comment(reader, p.id, 'first')).json() as CommentView;
    expect(first).toMatchObject({ postId: p.id, parentId: null, content: 'first', canEdit: true, canDelete: true, replyCount: 0, replies: [] });
    const second = (await comment(author, p.id, 'second')).json() as CommentView;
    const replies: CommentView[] = [];
    for (let i = 0; i < POST_LIMITS.repliesPreview + 2; i++) replies.push((await comment(author, p.id, `reply ${i}`, first.id)).json());
    const nested = await comment(reader, p.id, 'deeper', replies[0]!.id);
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.fields).toEqual({ parentId: POST_MESSAGES.replyToReply });
    const elsewhere = await createPost(t, author);
    expect((await comment(reader, elsewhere.id, 'wrong post', first.id)).statusCode).toBe(400);

    const page = (await get(t, reader, `/api/posts/${p.id}/comments`)).json();
    expect(page.items.map((c: CommentView) => c.id)).toEqual([first.id, second.id]);
    expect(page.items[0].replyCount).toBe(POST_LIMITS.repliesPreview + 2);
    expect(page.items[0].replies.map((c: CommentView) => c.content)).toEqual(replies.slice(0, POST_LIMITS.repliesPreview).map((r) => r.content));
    expect(page.items[1]).toMatchObject({ replyCount: 0, replies: [], canEdit: false, canDelete: false });
    const all = (await get(t, reader, `/api/comments/${first.id}/replies?limit=2`)).json();
    expect(all.items.map((c: CommentView) => c.content)).toEqual(['reply 0', 'reply 1']);
    const rest = (await get(t, reader, `/api/comments/${first.id}/replies?limit=10&cursor=${all.nextCursor}`)).json();
    expect(rest.items.map((c: CommentView) => c.content)).toEqual(['reply 2', 'reply 3', 'reply 4']);
    expect(rest.nextCursor).toBeNull();
    const paged = (await get(t, reader, `/api/posts/${p.id}/comments?limit=1`)).json();
    expect(paged.items.map((c: CommentView) => c.id)).toEqual([first.id]);
    expect((await get(t, reader, `/api/posts/${p.id}/comments?limit=1&cursor=${paged.nextCursor}`)).json().items[0].id).toBe(second.id);
    expect((await countsOf(p.id)).comments).toBe(2 + POST_LIMITS.repliesPreview + 2);
  });

  it('edit and delete own; moderators delete; deleting a comment subtracts it and its replies', async () => {
    const author = await createMember(t);
    const fellow = await createMember(t);
    const moderator = await createMember(t);
    const community = await insertCommunity(t, { creatorId: author.id });
    await addMember(t, community, fellow.id);
    await addMember(t, community, moderator.id, 'moderator');
    const p = await createPost(t, author, { communityId: community });
    const c = (await comment(fellow, p.id, 'mine')).json() as CommentView;
    await comment(author, p.id, 'reply a', c.id);
    await comment(moderator, p.id, 'reply b', c.id);
    const other = (await comment(author, p.id, 'other')).json() as CommentView;
    expect((await countsOf(p.id)).comments).toBe(4);
    expect((await patch(t, author, `/api/comments/${c.id}`, { content: 'not yours' })).statusCode).toBe(403);
    const edited = await patch(t, fellow, `/api/comments/${c.id}`, { content: 'edited' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().editedAt).not.toBeNull();
    expect((await del(t, fellow, `/api/comments/${other.id}`)).statusCode).toBe(403);
    expect((await del(t, fellow, `/api/comments/${c.id}`)).statusCode).toBe(204);
    expect((await countsOf(p.id)).comments).toBe(1);
    expect((await get(t, moderator, `/api/posts/${p.id}/comments`)).json().items[0].canDelete).toBe(true);
    expect((await del(t, moderator, `/api/comments/${other.id}`)).statusCode).toBe(204);
    expect((await countsOf(p.id)).comments).toBe(0);
    expect((await del(t, moderator, `/api/comments/${other.id}`)).statusCode).toBe(404);
  });

  it('comment notifications go to the post author and the parent comment author, never oneself, once each', async () => {
    const author = await named('Paula');
    const ana = await named('Ana');
    const bo = await named('Bo');
    const p = await createPost(t, author);
    const c = (await comment(ana, p.id, 'nice')).json() as CommentView;
    expect((await notificationsOf(author.id, 'comment')).map((n) => n.message)).toEqual(['Ana commented on your post']);
    await comment(bo, p.id, 'agreed', c.id);
    expect((await notificationsOf(ana.id, 'comment')).map((n) => n.message)).toEqual(['Bo replied to your comment']);
    expect((await notificationsOf(author.id, 'comment'))).toHaveLength(2);
    // The author replying to Ana: Ana hears once, the author never.
    await comment(author, p.id, 'thanks', c.id);
    expect(await notificationsOf(ana.id, 'comment')).toHaveLength(2);
    expect(await notificationsOf(author.id, 'comment')).toHaveLength(2);
    // Ana replying under her own comment on Paula's post: Paula hears, Ana does not.
    await comment(ana, p.id, 'me again', c.id);
    expect(await notificationsOf(ana.id, 'comment')).toHaveLength(2);
    expect(await notificationsOf(author.id, 'comment')).toHaveLength(3);
    expect((await notificationsOf(author.id, 'comment'))[0]!.path).toBe(postPath(p.id));
  });

  it('20 comments at once leave an exact comment_count', async () => {
    const author = await createMember(t);
    const p = await createPost(t, author);
    const commenters: TestUser[] = [];
    for (let i = 0; i < 10; i++) commenters.push(await createMember(t));
    const results = await Promise.all(commenters.flatMap((m) => [comment(m, p.id, 'one'), comment(m, p.id, 'two')]));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect((await countsOf(p.id)).comments).toBe(20);
  });

  it('bad comment input is a 400 with field messages', async () => {
    const me = await createMember(t);
    const p = await createPost(t, me);
    for (const payload of [{}, { content: '' }, { content: 'x'.repeat(2001) }, { content: 'ok', parentId: 'nope' }]) {
      const res = await post(t, me, `/api/posts/${p.id}/comments`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toBeTruthy();
    }
    expect((await countsOf(p.id)).comments).toBe(0);
  });
});

describe('counts a reader sees (issue 21)', () => {
  it('leave out the likes and comments of members blocked either way and of deactivated members, for that reader only', async () => {
    const author = await createMember(t);
    const blockedByReader = await createMember(t);
    const blockerOfReader = await createMember(t);
    const leaver = await createMember(t);
    const reader = await createMember(t);
    const bystander = await createMember(t);
    const p = await createPost(t, author);
    for (const m of [blockedByReader, blockerOfReader, leaver]) {
      expect((await post(t, m, `/api/posts/${p.id}/like`)).statusCode).toBe(200);
      expect((await comment(m, p.id, 'here')).statusCode).toBe(201);
    }
    // The bystander replies under the leaver's comment: a reply the reader cannot reach either (its comment is gone).
    const leaversComment = ((await get(t, bystander, `/api/posts/${p.id}/comments`)).json() as { items: CommentView[] }).items.at(-1)!;
    expect((await post(t, bystander, `/api/posts/${p.id}/comments`, { content: 'welcome back', parentId: leaversComment.id })).statusCode).toBe(201);
    expect((await post(t, reader, '/api/blocks', { userId: blockedByReader.id })).statusCode).toBeLessThan(300);
    expect((await post(t, blockerOfReader, '/api/blocks', { userId: reader.id })).statusCode).toBeLessThan(300);
    await db.update(profiles).set({ isDeactivated: true }).where(eq(profiles.id, leaver.id));

    const countsFor = async (who: TestUser) => {
      const view = (await get(t, who, `/api/posts/${p.id}`)).json() as { likeCount: number; commentCount: number };
      const comments = (await get(t, who, `/api/posts/${p.id}/comments`)).json() as { items: CommentView[] };
      return { likes: view.likeCount, comments: view.commentCount, listed: comments.items.length };
    };
    // What the reader is told equals what they could open: no like, no comment of the three.
    expect(await countsFor(reader)).toEqual({ likes: 0, comments: 0, listed: 0 });
    // Someone with no blocks still sees the active members' likes and comments (the deactivated one vanishes, with
    // the reply under their comment).
    expect(await countsFor(bystander)).toEqual({ likes: 2, comments: 2, listed: 2 });
    // The stored totals are untouched.
    expect(await countsOf(p.id)).toEqual({ likes: 3, comments: 4 });
  });
});
