import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '@bayclub/shared';
import { applyAs, buildTestApp, createMember, type TestApp } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { socketPool, type TestSocket } from '../../test/socket-client.js';
import { createPost, del, post } from './post-fixtures.js';

let t: TestApp;
let base: string;
const sockets = socketPool(() => base);
const open = sockets.open;

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => sockets.closeAll());

type PostEvent = Extract<ServerEvent, { type: 'feed:new' | 'post:counts' | 'post:comment' | 'post:removed' }>;
const about = (s: TestSocket, postId: string) => s.events.filter((e): e is PostEvent => e.type.startsWith('feed:') || e.type.startsWith('post:')).filter((e) => e.postId === postId);

/**
 * Proof that nothing more is coming: a member-wide post by a fresh member reaches every approved member; once each
 * socket has it, plus a moment for deliveries still computing, the events about `postId` are final.
 */
async function settle(watchers: TestSocket[]) {
  const sentinel = await createPost(t, await createMember(t), { content: 'sentinel' });
  for (const s of watchers) await s.next('feed:new', (e) => e.postId === sentinel.id);
  await new Promise((r) => setTimeout(r, 150));
}

describe('post events reach exactly the members who could read the post', () => {
  it('feed:new to active members of the community (never across a block), not to other members', async () => {
    const [author, member, outsider, blocked] = [await createMember(t), await createMember(t), await createMember(t), await createMember(t)];
    const community = await insertCommunity(t, { creatorId: author.id });
    await addMember(t, community, member.id);
    await addMember(t, community, blocked.id);
    await post(t, blocked, '/api/blocks', { userId: author.id });
    const [sa, sm, so, sb] = [await open(author), await open(member), await open(outsider), await open(blocked)];
    const p = await createPost(t, author, { communityId: community });
    expect(await sm.next('feed:new', (e) => e.postId === p.id)).toEqual({ type: 'feed:new', postId: p.id, communityId: community, authorId: author.id });
    await sa.next('feed:new', (e) => e.postId === p.id);
    await settle([so, sb]);
    expect(about(so, p.id)).toEqual([]);
    expect(about(sb, p.id)).toEqual([]);
  });

  it('post:counts never tells a member of the likes and comments of someone blocked with them, either way (issue 21)', async () => {
    const [author, reader, blocker, other] = [await createMember(t), await createMember(t), await createMember(t), await createMember(t)];
    await post(t, blocker, '/api/blocks', { userId: reader.id });
    const [sa, sb] = [await open(author), await open(blocker)];
    const sr = await open(reader);
    const p = await createPost(t, author);
    await sb.next('feed:new', (e) => e.postId === p.id);
    await sr.next('feed:new', (e) => e.postId === p.id);
    // The reader (blocked by blocker) likes: the author is told, the blocker is not.
    expect((await post(t, reader, `/api/posts/${p.id}/like`, {})).statusCode).toBeLessThan(300);
    await sa.next('post:counts', (e) => e.postId === p.id && e.likeCount === 1);
    // The blocker likes: the reader is not told either (the other direction); the answer counts what the blocker sees.
    const liked = await post(t, blocker, `/api/posts/${p.id}/like`, {});
    expect(liked.json()).toEqual({ liked: true, likeCount: 1 });
    await sa.next('post:counts', (e) => e.postId === p.id && e.likeCount === 2);
    await settle([sb, sr]);
    expect(about(sb, p.id).filter((e) => e.type === 'post:counts')).toEqual([{ type: 'post:counts', postId: p.id, likeCount: 1, commentCount: 0 }]);
    expect(about(sr, p.id).filter((e) => e.type === 'post:counts')).toEqual([{ type: 'post:counts', postId: p.id, likeCount: 1, commentCount: 0 }]);
    // A third member likes: both are told, each with the counts they see (three likes stored, two seen).
    expect((await post(t, other, `/api/posts/${p.id}/like`, {})).statusCode).toBeLessThan(300);
    expect(await sb.next('post:counts', (e) => e.postId === p.id && e.likeCount > 1)).toEqual({ type: 'post:counts', postId: p.id, likeCount: 2, commentCount: 0 });
    expect(await sr.next('post:counts', (e) => e.postId === p.id && e.likeCount > 1)).toEqual({ type: 'post:counts', postId: p.id, likeCount: 2, commentCount: 0 });
    await sa.next('post:counts', (e) => e.postId === p.id && e.likeCount === 3);
  });

  it('a member-wide post reaches every approved member, not applicants', async () => {
    const [author, reader] = [await createMember(t), await createMember(t)];
    const applicant = await applyAs(t);
    const [sr, sp] = [await open(reader), await open(applicant)];
    const p = await createPost(t, author);
    await sr.next('feed:new', (e) => e.postId === p.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(about(sp, p.id)).toEqual([]);
  });

  it('post:counts after likes and comments, post:comment for new comments, to readers only (private community)', async () => {
    const [author, member, outsider] = [await createMember(t), await createMember(t), await createMember(t)];
    const community = await insertCommunity(t, { creatorId: author.id, visibility: 'private' });
    await addMember(t, community, member.id);
    const p = await createPost(t, author, { communityId: community });
    const [sa, sm, so] = [await open(author), await open(member), await open(outsider)];
    await post(t, member, `/api/posts/${p.id}/like`);
    expect(await sa.next('post:counts', (e) => e.postId === p.id)).toEqual({ type: 'post:counts', postId: p.id, likeCount: 1, commentCount: 0 });
    await sm.next('post:counts', (e) => e.postId === p.id && e.likeCount === 1);
    const c = await post(t, author, `/api/posts/${p.id}/comments`, { content: 'thanks!' });
    expect(await sm.next('post:comment', (e) => e.postId === p.id)).toEqual({ type: 'post:comment', postId: p.id, commentId: c.json().id });
    await sm.next('post:counts', (e) => e.postId === p.id && e.commentCount === 1);
    await del(t, member, `/api/posts/${p.id}/like`);
    await sa.next('post:counts', (e) => e.postId === p.id && e.likeCount === 0);
    await settle([so]);
    expect(about(so, p.id)).toEqual([]);
  });

  it('post:removed on delete to its readers, and on hiding by reports to readers but not the author', async () => {
    const [author, reader, r1, r2, r3] = [await createMember(t), await createMember(t), await createMember(t), await createMember(t), await createMember(t)];
    const community = await insertCommunity(t, { creatorId: (await createMember(t)).id });
    for (const m of [author, reader, r1, r2, r3]) await addMember(t, community, m.id);
    const [sa, sr] = [await open(author), await open(reader)];
    const gone = await createPost(t, author, { communityId: community });
    await del(t, author, `/api/posts/${gone.id}`);
    expect(await sr.next('post:removed', (e) => e.postId === gone.id)).toEqual({ type: 'post:removed', postId: gone.id });
    await sa.next('post:removed', (e) => e.postId === gone.id);

    const hidden = await createPost(t, author, { communityId: community });
    for (const m of [r1, r2, r3]) expect((await post(t, m, `/api/posts/${hidden.id}/report`, { reason: 'spam' })).statusCode).toBe(201);
    await sr.next('post:removed', (e) => e.postId === hidden.id);
    await settle([sa]);
    expect(about(sa, hidden.id).map((e) => e.type)).toEqual(['feed:new']);
  });
});
