import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { POST_LIMITS, POST_MESSAGES, type CommentView, type PostView } from '@bayclub/shared';
import { buildTestApp, createMember, grantRole, type TestUser } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { posts, reports } from '../../db/schema/index.js';
import { createPost, del, get, idsOf, post } from './post-fixtures.js';

const t = await buildTestApp();
const db = t.ctx.database.db;
const report = (who: TestUser, url: string) => post(t, who, url, { reason: 'spam' });

async function communityOf(n: number) {
  const author = await createMember(t);
  const moderator = await createMember(t);
  const community = await insertCommunity(t, { creatorId: (await createMember(t)).id });
  await addMember(t, community, author.id);
  await addMember(t, community, moderator.id, 'moderator');
  const members: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const m = await createMember(t);
    await addMember(t, community, m.id);
    members.push(m);
  }
  return { author, moderator, community, members };
}

expect(POST_LIMITS.reportsToHide).toBe(3);

describe('reports', () => {
  it('a member reports a post once (409 after), never their own; comments too', async () => {
    const { author, members } = await communityOf(1);
    const p = await createPost(t, author);
    const first = await report(members[0]!, `/api/posts/${p.id}/report`);
    expect(first.statusCode).toBe(201);
    expect(Object.keys(first.json())).toEqual(['id']);
    const again = await report(members[0]!, `/api/posts/${p.id}/report`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(POST_MESSAGES.alreadyReported);
    expect((await report(author, `/api/posts/${p.id}/report`)).statusCode).toBe(403);
    const [row] = await db.select().from(reports).where(eq(reports.id, first.json().id));
    expect(row).toMatchObject({ postId: p.id, reportedUserId: author.id, reporterId: members[0]!.id, status: 'open', reason: 'spam' });

    const c = (await post(t, author, `/api/posts/${p.id}/comments`, { content: 'hmm' })).json() as CommentView;
    expect((await report(members[0]!, `/api/comments/${c.id}/report`)).statusCode).toBe(201);
    expect((await report(members[0]!, `/api/comments/${c.id}/report`)).statusCode).toBe(409);
    expect((await report(author, `/api/comments/${c.id}/report`)).statusCode).toBe(403);
    const bad = await post(t, members[0]!, `/api/posts/${p.id}/report`, { reason: 'other' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['details']);
  });

  it('the third distinct reporter (at once) hides the post from everyone but its author and the moderators, who restore it', async () => {
    const { author, moderator, community, members } = await communityOf(4);
    const p = await createPost(t, author, { communityId: community });
    await report(members[0]!, `/api/posts/${p.id}/report`);
    expect((await get(t, members[3]!, `/api/posts/${p.id}`)).statusCode).toBe(200);
    const results = await Promise.all([1, 2].map((i) => report(members[i]!, `/api/posts/${p.id}/report`)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const [row] = await db.select({ n: posts.reportCount, hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.id, p.id));
    expect(row!.n).toBe(3);
    expect(row!.hiddenAt).not.toBeNull();

    expect((await get(t, members[3]!, `/api/posts/${p.id}`)).statusCode).toBe(404);
    expect(idsOf((await get(t, members[3]!, `/api/communities/${community}/posts`)).json())).not.toContain(p.id);
    expect((await get(t, author, `/api/posts/${p.id}`)).json()).toMatchObject({ hidden: true });
    const queue = await get(t, moderator, `/api/communities/${community}/reported`);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items.map((x: PostView) => [x.id, x.hidden, x.reportCount])).toEqual([[p.id, true, 3]]);
    expect((await get(t, members[3]!, `/api/communities/${community}/reported`)).statusCode).toBe(403);
    expect((await post(t, members[3]!, `/api/posts/${p.id}/restore`)).statusCode).toBe(404);
    expect((await post(t, author, `/api/posts/${p.id}/restore`)).statusCode).toBe(403);

    const restored = await post(t, moderator, `/api/posts/${p.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ hidden: false, reportCount: 0 });
    expect((await get(t, members[3]!, `/api/posts/${p.id}`)).statusCode).toBe(200);
    expect((await get(t, moderator, `/api/communities/${community}/reported`)).json().items).toEqual([]);
    const statuses = await db.select({ s: reports.status }).from(reports).where(eq(reports.postId, p.id));
    expect(statuses.map((s) => s.s)).toEqual(['reviewed', 'reviewed', 'reviewed']);
  });

  it('a moderator deletes a reported post; its reports go with it', async () => {
    const { author, moderator, community, members } = await communityOf(1);
    const p = await createPost(t, author, { communityId: community });
    await report(members[0]!, `/api/posts/${p.id}/report`);
    expect((await del(t, moderator, `/api/posts/${p.id}`)).statusCode).toBe(204);
    expect(await db.select().from(reports).where(eq(reports.postId, p.id))).toEqual([]);
  });

  it('member-wide reported posts: GET /api/feed/reported for admins and platform moderators', async () => {
    const author = await createMember(t);
    const reporter = await createMember(t);
    const p = await createPost(t, author);
    await report(reporter, `/api/posts/${p.id}/report`);
    expect((await get(t, reporter, '/api/feed/reported')).statusCode).toBe(403);
    const platformModerator = await createMember(t);
    await grantRole(t, platformModerator.id, 'moderator');
    const queue = await get(t, platformModerator, '/api/feed/reported');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items.map((x: PostView) => [x.id, x.reportCount])).toContainEqual([p.id, 1]);
    expect((await post(t, platformModerator, `/api/posts/${p.id}/restore`)).statusCode).toBe(200);
  });
});
