import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { POST_MESSAGES, flagSettingKey, type PostView } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  createRejectedApplicant,
  deactivate,
  grantRole,
  isErrorBody,
  setSettings,
  type TestUser,
} from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { communities, posts } from '../../db/schema/index.js';
import { createPost, del, get, idsOf, patch, post } from './post-fixtures.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

async function communityWith(members: TestUser[], opts: { visibility?: 'public' | 'private'; creator?: TestUser } = {}) {
  const creator = opts.creator ?? (await createMember(t));
  const id = await insertCommunity(t, { visibility: opts.visibility ?? 'public', creatorId: creator.id });
  for (const m of members) await addMember(t, id, m.id);
  return { id, creator };
}

const block = (a: TestUser, b: TestUser) => post(t, a, '/api/blocks', { userId: b.id });

describe('POST /api/posts and GET /api/posts/:id', () => {
  it('an active member posts in a community; readers of a public community open it; its view is a whitelist', async () => {
    const author = await createMember(t);
    const { id } = await communityWith([author]);
    const created = await createPost(t, author, { communityId: id, content: 'Sunset at the pier' });
    expect(Object.keys(created).sort()).toEqual(
      ['author', 'canDelete', 'canEdit', 'comment' + 'Count', 'community', 'content', 'createdAt', 'editedAt', 'hidden', 'id', 'images', 'likeCount', 'likedByMe'].sort(),
    );
    expect(created).toMatchObject({ content: 'Sunset at the pier', canEdit: true, canDelete: true, hidden: false, likeCount: 0, likedByMe: false });
    expect(created.community?.id).toBe(id);
    expect(Object.keys(created.author).sort()).toEqual(['age', 'city', 'fullName', 'id', 'isVerified', 'profilePictureUrl', 'username']);
    const [c] = await db.select({ n: communities.postCount }).from(communities).where(eq(communities.id, id));
    expect(c!.n).toBe(1);

    const outsider = await createMember(t);
    const res = await get(t, outsider, `/api/posts/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, canEdit: false, canDelete: false });
    const limited = await createLimitedMember(t);
    expect((await get(t, limited, `/api/posts/${created.id}`)).statusCode).toBe(200);
  });

  it('a private community: non-members get 404 on its posts, its list and its comments, as for an unknown id; members read', async () => {
    const member = await createMember(t);
    const { id } = await communityWith([member], { visibility: 'private' });
    const p = await createPost(t, member, { communityId: id });
    const outsider = await createMember(t);
    for (const url of [`/api/posts/${p.id}`, `/api/communities/${id}/posts`, `/api/posts/${p.id}/comments`]) {
      const res = await get(t, outsider, url);
      expect(res.statusCode, url).toBe(404);
      expect(isErrorBody(res.json())).toBe(true);
    }
    expect((await get(t, outsider, `/api/posts/${crypto.randomUUID()}`)).json()).toEqual((await get(t, outsider, `/api/posts/${p.id}`)).json());
    expect((await post(t, outsider, `/api/posts/${p.id}/like`)).statusCode).toBe(404);
    expect((await post(t, outsider, `/api/posts/${p.id}/comments`, { content: 'hi' })).statusCode).toBe(404);
    expect((await get(t, member, `/api/communities/${id}/posts`)).json().items.map((x: PostView) => x.id)).toEqual([p.id]);
    // Admins read every community.
    expect((await get(t, await createAdmin(t), `/api/posts/${p.id}`)).statusCode).toBe(200);
  });

  it('posting in a community needs an active membership; a pending request or a ban is not one', async () => {
    const stranger = await createMember(t);
    const { id } = await communityWith([]);
    const res = await post(t, stranger, '/api/posts', { communityId: id, content: 'hi' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(POST_MESSAGES.notCommunityMember);
    await addMember(t, id, stranger.id, 'member', 'pending');
    expect((await post(t, stranger, '/api/posts', { communityId: id, content: 'hi' })).statusCode).toBe(403);
    await addMember(t, id, stranger.id, 'member', 'banned');
    expect((await post(t, stranger, '/api/posts', { communityId: id, content: 'hi' })).statusCode).toBe(403);
    expect((await post(t, stranger, '/api/posts', { communityId: crypto.randomUUID(), content: 'hi' })).statusCode).toBe(404);
    expect(await db.select().from(posts).where(eq(posts.authorId, stranger.id))).toEqual([]);
  });

  it('bad input is a 400 with per-field messages, nothing written', async () => {
    const me = await createMember(t);
    const cases: Array<[object, string]> = [
      [{ communityId: null, content: '' }, 'content'],
      [{ communityId: null, content: 'x'.repeat(5001) }, 'content'],
      [{ communityId: 'nope', content: 'x' }, 'communityId'],
      [{ communityId: null, content: 'x', imageKeys: Array.from({ length: 7 }, (_, i) => `k${i}`) }, 'imageKeys'],
      [{ communityId: null, content: 'x', imageKeys: ['a', 'a'] }, 'imageKeys'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(t, me, '/api/posts', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    expect(await db.select().from(posts).where(eq(posts.authorId, me.id))).toEqual([]);
  });
});

describe('the member-wide feed', () => {
  it('full members post to it; community members need see_feed_nav', async () => {
    const full = await createMember(t);
    expect((await createPost(t, full, { communityId: null })).community).toBeNull();
    const limited = await createLimitedMember(t);
    await setSettings(t, { [flagSettingKey('see_feed_nav')]: 'false' });
    const refused = await post(t, limited, '/api/posts', { communityId: null, content: 'hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(POST_MESSAGES.noFeedPosting);
    expect((await get(t, limited, '/api/feed')).statusCode).toBe(403);
    await setSettings(t, { [flagSettingKey('see_feed_nav')]: 'true' });
    expect((await post(t, limited, '/api/posts', { communityId: null, content: 'hi' })).statusCode).toBe(201);
    expect((await get(t, limited, '/api/feed')).statusCode).toBe(200);
  });

  it('applicants get nothing, whatever the flags', async () => {
    const full = await createMember(t);
    const p = await createPost(t, full);
    await setSettings(t, Object.fromEntries(['see_feed_nav', 'like_posts', 'comment_posts', 'upload_images'].map((f) => [flagSettingKey(f as 'like_posts'), 'true'])));
    for (const applicant of [await applyAs(t), await createRejectedApplicant(t)]) {
      for (const res of [
        await get(t, applicant, '/api/feed'),
        await get(t, applicant, `/api/posts/${p.id}`),
        await post(t, applicant, `/api/posts/${p.id}/like`),
        await post(t, applicant, `/api/posts/${p.id}/comments`, { content: 'hi' }),
        await post(t, applicant, '/api/posts', { communityId: null, content: 'hi' }),
      ]) {
        expect(res.statusCode).toBe(403);
      }
    }
  });
});

describe('PATCH and DELETE /api/posts/:id', () => {
  it('the author edits (editedAt set); another member gets 403, a non-reader 404', async () => {
    const author = await createMember(t);
    const { id } = await communityWith([author], { visibility: 'private' });
    const p = await createPost(t, author, { communityId: id });
    const edited = await patch(t, author, `/api/posts/${p.id}`, { content: 'Edited text' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ content: 'Edited text' });
    expect(edited.json().editedAt).not.toBeNull();
    const fellow = await createMember(t);
    await addMember(t, id, fellow.id);
    expect((await patch(t, fellow, `/api/posts/${p.id}`, { content: 'mine now' })).statusCode).toBe(403);
    expect((await patch(t, await createMember(t), `/api/posts/${p.id}`, { content: 'mine now' })).statusCode).toBe(404);
    expect((await patch(t, author, `/api/posts/${p.id}`, { content: '' })).statusCode).toBe(400);
    expect((await get(t, author, `/api/posts/${p.id}`)).json().content).toBe('Edited text');
  });

  it('members cannot delete others\' posts; the community\'s moderators and admins can; platform moderators delete member-wide posts', async () => {
    const author = await createMember(t);
    const moderator = await createMember(t);
    const fellow = await createMember(t);
    const { id, creator } = await communityWith([author, fellow]);
    await addMember(t, id, moderator.id, 'moderator');
    const p1 = await createPost(t, author, { communityId: id });
    expect((await del(t, fellow, `/api/posts/${p1.id}`)).statusCode).toBe(403);
    expect((await get(t, moderator, `/api/posts/${p1.id}`)).json().canDelete).toBe(true);
    expect((await del(t, moderator, `/api/posts/${p1.id}`)).statusCode).toBe(204);
    expect((await get(t, author, `/api/posts/${p1.id}`)).statusCode).toBe(404);
    const p2 = await createPost(t, author, { communityId: id });
    expect((await del(t, creator, `/api/posts/${p2.id}`)).statusCode).toBe(204);
    const p3 = await createPost(t, author, { communityId: id });
    expect((await del(t, await createAdmin(t), `/api/posts/${p3.id}`)).statusCode).toBe(204);
    const [c] = await db.select({ n: communities.postCount }).from(communities).where(eq(communities.id, id));
    expect(c!.n).toBe(0);

    const wide = await createPost(t, author);
    expect((await del(t, moderator, `/api/posts/${wide.id}`)).statusCode).toBe(403);
    const platformModerator = await createMember(t);
    await grantRole(t, platformModerator.id, 'moderator');
    expect((await del(t, platformModerator, `/api/posts/${wide.id}`)).statusCode).toBe(204);
    const own = await createPost(t, author);
    expect((await del(t, author, `/api/posts/${own.id}`)).statusCode).toBe(204);
  });
});

describe('blocks and deactivation', () => {
  it('a block hides posts and comments both ways: feed, community list, permalink, comments', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const c = await createMember(t);
    const { id } = await communityWith([a, b, c]);
    const byA = await createPost(t, a, { communityId: id, content: 'by a' });
    const byB = await createPost(t, b, { communityId: id, content: 'by b' });
    const byC = await createPost(t, c, { communityId: id, content: 'by c' });
    const commentByB = await post(t, b, `/api/posts/${byC.id}/comments`, { content: 'b says hi' });
    expect(commentByB.statusCode).toBe(201);
    expect((await block(a, b)).statusCode).toBeLessThan(300);
    for (const [viewer, hidden] of [[a, byB], [b, byA]] as const) {
      expect(idsOf((await get(t, viewer, '/api/feed')).json())).not.toContain(hidden.id);
      expect(idsOf((await get(t, viewer, `/api/communities/${id}/posts`)).json())).not.toContain(hidden.id);
      expect((await get(t, viewer, `/api/posts/${hidden.id}`)).statusCode).toBe(404);
      expect(idsOf((await get(t, viewer, '/api/feed')).json())).toContain(byC.id);
    }
    expect((await get(t, a, `/api/posts/${byC.id}/comments`)).json().items).toEqual([]);
    expect((await get(t, c, `/api/posts/${byC.id}/comments`)).json().items).toHaveLength(1);
    expect((await patch(t, a, `/api/comments/${commentByB.json().id}`, { content: 'x' })).statusCode).toBe(404);
  });

  it("a deactivated author's posts disappear everywhere and come back with them", async () => {
    const author = await createMember(t);
    const reader = await createMember(t);
    const { id } = await communityWith([author, reader]);
    const p = await createPost(t, author, { communityId: id });
    const wide = await createPost(t, author);
    const theirComment = await post(t, author, `/api/posts/${wide.id}/comments`, { content: 'mine' });
    const onReaders = await createPost(t, reader, { communityId: id });
    await post(t, author, `/api/posts/${onReaders.id}/comments`, { content: 'on yours' });
    expect(theirComment.statusCode).toBe(201);
    await deactivate(t, author.id);
    expect((await get(t, reader, `/api/posts/${onReaders.id}/comments`)).json().items).toEqual([]);
    expect(idsOf((await get(t, reader, '/api/feed')).json())).not.toContain(p.id);
    expect(idsOf((await get(t, reader, '/api/feed')).json())).not.toContain(wide.id);
    expect(idsOf((await get(t, reader, `/api/communities/${id}/posts`)).json())).not.toContain(p.id);
    expect((await get(t, reader, `/api/posts/${p.id}`)).statusCode).toBe(404);
    await deactivate(t, author.id, false);
    expect(idsOf((await get(t, reader, '/api/feed')).json())).toEqual(expect.arrayContaining([p.id, wide.id]));
    expect((await get(t, reader, `/api/posts/${p.id}`)).statusCode).toBe(200);
    expect((await get(t, reader, `/api/posts/${onReaders.id}/comments`)).json().items).toHaveLength(1);
  });
});

describe('limited members follow their flags', () => {
  it('like_posts, comment_posts and upload_images each open their action', async () => {
    const author = await createMember(t);
    const p = await createPost(t, author);
    const limited = await createLimitedMember(t);
    const flags = ['like_posts', 'comment_posts', 'upload_images'] as const;
    await setSettings(t, Object.fromEntries(flags.map((f) => [flagSettingKey(f), 'false'])));
    expect((await post(t, limited, `/api/posts/${p.id}/like`)).statusCode).toBe(403);
    expect((await del(t, limited, `/api/posts/${p.id}/like`)).statusCode).toBe(403);
    expect((await post(t, limited, `/api/posts/${p.id}/comments`, { content: 'hi' })).statusCode).toBe(403);
    expect((await post(t, limited, '/api/post-images')).statusCode).toBe(403);
    await setSettings(t, Object.fromEntries(flags.map((f) => [flagSettingKey(f), 'true'])));
    expect((await post(t, limited, `/api/posts/${p.id}/like`)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await post(t, limited, `/api/posts/${p.id}/comments`, { content: 'hi' })).statusCode).toBe(201);
  });
});
