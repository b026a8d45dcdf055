import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { postPath, type CommentView, type PostView } from '@bayclub/shared';
import { applyAs, buildTestApp, createAdmin, deactivate, makeFullPlatform, type TestUser } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { blocks, commentMentions, notifications, postMentions, profiles } from '../../db/schema/index.js';
import { renderedNotifications } from '../notifications/notification-fixtures.js';
import { createPost, get, patch, post } from './post-fixtures.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

let seq = 0;
/** A full member with a username of our choosing (unique per run: the suggestions match by prefix). */
async function member(prefix: string, fullName?: string): Promise<TestUser & { username: string }> {
  seq += 1;
  const username = `${prefix}${Date.now().toString(36)}${seq}`.slice(0, 30);
  const user = await applyAs(t, { username, ...(fullName ? { name: fullName } : {}) });
  await makeFullPlatform(t, user.id);
  if (fullName) await db.update(profiles).set({ fullName }).where(eq(profiles.id, user.id));
  return { ...user, username };
}
const mentionsOf = (userId: string) =>
  renderedNotifications(db, and(eq(notifications.userId, userId), eq(notifications.kind, 'posts.mention')));
const block = (blockerId: string, blockedId: string) => db.insert(blocks).values({ blockerId, blockedId });

describe('@username mentions in posts', () => {
  it('resolves to ids, notifies the mentioned member once, renders as a mention; an edit does not notify again', async () => {
    const author = await member('auth', 'Paula');
    const ana = await member('ana');
    const p = await createPost(t, author, { content: `Hi @${ana.username} and @${ana.username.toUpperCase()}!` });
    expect(p.mentions).toEqual([ana.username]);
    expect(await db.select({ u: postMentions.userId }).from(postMentions).where(eq(postMentions.postId, p.id))).toEqual([{ u: ana.id }]);
    let rows = await mentionsOf(ana.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'comment', title: 'New mention', message: 'Paula mentioned you in a post', relatedId: p.id, path: postPath(p.id) });

    const bo = await member('bo');
    const edited = (await patch(t, author, `/api/posts/${p.id}`, { content: `Hi @${ana.username}, and @${bo.username} too` })).json() as PostView;
    expect(edited.mentions).toEqual([ana.username, bo.username].sort());
    rows = await mentionsOf(ana.id);
    expect(rows).toHaveLength(1);
    expect(await mentionsOf(bo.id)).toHaveLength(1);
    // Readers see the mention too.
    expect(((await get(t, ana, `/api/posts/${p.id}`)).json() as PostView).mentions).toContain(ana.username);
    // An edit that drops a name: readers are no longer told it named them.
    const dropped = (await patch(t, author, `/api/posts/${p.id}`, { content: `Hi @${ana.username}` })).json() as PostView;
    expect(dropped.mentions).toEqual([ana.username]);
  });

  it('never the author, a blocked member (either way), a deactivated member, an applicant, or someone who cannot open the post', async () => {
    const author = await member('deny');
    const self = author.username;
    const blockedByAuthor = await member('bla');
    const blockerOfAuthor = await member('blb');
    const gone = await member('gone');
    const applicantName = `appl${Date.now().toString(36)}`;
    const applicant = await applyAs(t, { username: applicantName });
    const outsider = await member('outs');
    const insider = await member('ins');
    await block(author.id, blockedByAuthor.id);
    await block(blockerOfAuthor.id, author.id);
    await deactivate(t, gone.id);
    const privateCommunity = await insertCommunity(t, { visibility: 'private', creatorId: author.id });
    await addMember(t, privateCommunity, insider.id);
    const names = [self, blockedByAuthor.username, blockerOfAuthor.username, gone.username, applicantName, outsider.username, insider.username];
    const p = await createPost(t, author, { communityId: privateCommunity, content: names.map((n) => `@${n}`).join(' ') });
    // Only the insider: the others are plain text, and nothing says they exist.
    expect(p.mentions).toEqual([insider.username]);
    for (const who of [author, blockedByAuthor, blockerOfAuthor, gone, applicant, outsider]) expect(await mentionsOf(who.id)).toEqual([]);
    expect(await mentionsOf(insider.id)).toHaveLength(1);
  });

  it('a reader who blocked a mentioned member sees that name as text', async () => {
    const author = await member('rdr');
    const ana = await member('rana');
    const reader = await member('rrr');
    const p = await createPost(t, author, { content: `with @${ana.username}` });
    await block(reader.id, ana.id);
    expect(((await get(t, reader, `/api/posts/${p.id}`)).json() as PostView).mentions).toBeUndefined();
    expect(((await get(t, author, `/api/posts/${p.id}`)).json() as PostView).mentions).toEqual([ana.username]);
  });
});

describe('@username mentions in comments', () => {
  it('notifies once per comment, not on an edit, and not the post author twice (the comment notice is theirs)', async () => {
    const author = await member('cpa');
    const commenter = await member('cmt', 'Cy');
    const ana = await member('cana');
    const p = await createPost(t, author);
    const res = await post(t, commenter, `/api/posts/${p.id}/comments`, { content: `@${ana.username} @${author.username} look` });
    expect(res.statusCode).toBe(201);
    const c = res.json() as CommentView;
    expect(c.mentions).toEqual([ana.username, author.username].sort());
    expect(await db.$count(commentMentions, eq(commentMentions.commentId, c.id))).toBe(2);
    expect(await mentionsOf(ana.id)).toMatchObject([{ message: 'Cy mentioned you in a comment' }]);
    expect(await mentionsOf(author.id)).toEqual([]);
    await patch(t, commenter, `/api/comments/${c.id}`, { content: `@${ana.username} edited` });
    expect(await mentionsOf(ana.id)).toHaveLength(1);
    const list = (await get(t, ana, `/api/posts/${p.id}/comments`)).json() as { items: CommentView[] };
    // The edit dropped the post author's name: only Ana's is still a mention.
    expect(list.items[0]!.mentions).toEqual([ana.username]);
  });
});

describe('@username mentions in a comment on the post of someone blocked with the mentioned member', () => {
  it('records and notifies nobody, and suggests nobody, the post being gone for them', async () => {
    const author = await member('pba');
    const commenter = await member('pbc');
    const blocker = await member('pbb');
    await block(blocker.id, author.id);
    const p = await createPost(t, author);
    const res = await post(t, commenter, `/api/posts/${p.id}/comments`, { content: `@${blocker.username} see this` });
    expect(res.statusCode).toBe(201);
    expect((res.json() as CommentView).mentions ?? []).toEqual([]);
    expect(await mentionsOf(blocker.id)).toEqual([]);
    const suggested = (await get(t, commenter, `/api/mentions?q=${blocker.username}&postId=${p.id}`)).json() as { items: Array<{ username: string }> };
    expect(suggested.items).toEqual([]);
    // The same member is suggested elsewhere (nothing else hides them from the commenter).
    const anywhere = (await get(t, commenter, `/api/mentions?q=${blocker.username}`)).json() as { items: Array<{ username: string }> };
    expect(anywhere.items.map((m) => m.username)).toEqual([blocker.username]);
  });
});

describe('GET /api/mentions', () => {
  it('suggests by prefix only members the author may see; in a private community only those who can open it', async () => {
    const prefix = `sg${Date.now().toString(36)}`;
    const me = await member(prefix);
    const ana = await member(`${prefix}a`);
    const blocked = await member(`${prefix}b`);
    const blocker = await member(`${prefix}c`);
    const gone = await member(`${prefix}d`);
    const applicant = await applyAs(t, { username: `${prefix}e` });
    await block(me.id, blocked.id);
    await block(blocker.id, me.id);
    await deactivate(t, gone.id);
    const res = await get(t, me, `/api/mentions?q=${prefix.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { items: Array<{ username: string }> }).items.map((m) => m.username);
    expect(names).toEqual([ana.username]);
    expect(names).not.toContain(`${prefix}e`);
    expect(applicant.id).toBeTruthy();

    const community = await insertCommunity(t, { visibility: 'private', creatorId: me.id });
    const inside = await member(`${prefix}f`);
    await addMember(t, community, inside.id);
    const scoped = (await get(t, me, `/api/mentions?q=${prefix}&communityId=${community}`)).json() as { items: Array<{ username: string }> };
    expect(scoped.items.map((m) => m.username)).toEqual([inside.username]);
    // A private community or post the caller cannot read: 404, as for one that does not exist.
    const stranger = await member('strg');
    expect((await get(t, stranger, `/api/mentions?q=${prefix}&communityId=${community}`)).statusCode).toBe(404);
    const hiddenPost = await createPost(t, me, { communityId: community });
    expect((await get(t, stranger, `/api/mentions?q=a&postId=${hiddenPost.id}`)).statusCode).toBe(404);
    expect((await get(t, inside, `/api/mentions?q=${prefix}f&postId=${hiddenPost.id}`)).json().items).toEqual([]);
  });

  it('refuses anonymous callers and applicants; bad input is a 400', async () => {
    const applicant = await applyAs(t);
    expect((await get(t, null, '/api/mentions?q=a')).statusCode).toBe(401);
    expect((await get(t, applicant, '/api/mentions?q=a')).statusCode).toBe(403);
    const admin = await createAdmin(t);
    expect((await get(t, admin, '/api/mentions?communityId=nope')).statusCode).toBe(400);
  });
});
