import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applyAs, buildTestApp, createAdmin, createMember, injectAs } from '../../test/helpers.js';
import { addMember, createCommunityVia } from '../../test/communities.js';
import { file, hostileMultipartBodies, multipart, randomMultipart, upload } from '../../test/multipart.js';
import { createRandom } from '../../test/fuzz.js';
import { pngBomb } from '../../test/image-fixtures.js';
import { isErrorBody } from '../../test/helpers.js';
import { fakeJpegHtml, photo } from '../../test/image-fixtures.js';
import { communities, communityMembers, postImages, posts, storageDeletions } from '../../db/schema/index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;
const storage = t.ctx.storage;
const jpeg = await photo(64, 48);

const mediaKey = (url: string) => url.replace('/media/post-images/', '');

describe('community cover and avatar', () => {
  it('the creator uploads a cover: re-encoded WebP variants under communities/{id}/, public to visitors', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const res = await upload(t, creator, `/api/communities/${c.id}/cover`, [file(jpeg)]);
    expect(res.statusCode, res.body).toBe(200);
    const coverUrl: string = res.json().coverUrl;
    expect(coverUrl).toMatch(new RegExp(`^/media/post-images/communities/${c.id}/\\d+-cover\\.webp$`));
    for (const suffix of ['', '-480', '-160']) {
      expect(await storage.exists('post-images', mediaKey(coverUrl).replace('.webp', `${suffix}.webp`))).toBe(true);
    }
    // Visitors see the cover (the About page); the answer is public and cacheable.
    const seen = await injectAs(t, null, { method: 'GET', url: coverUrl });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['cache-control']).toContain('public');
    expect((await injectAs(t, null, { method: 'GET', url: `/api/communities/${c.id}` })).json().coverUrl).toBe(coverUrl);

    const avatar = await upload(t, creator, `/api/communities/${c.id}/avatar`, [file(jpeg)]);
    expect(avatar.json().avatarUrl).toMatch(/-avatar\.webp$/);
    expect(avatar.json().coverUrl).toBe(coverUrl);
  });

  it('a new cover replaces the old one, whose files are removed through the outbox', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const first: string = (await upload(t, creator, `/api/communities/${c.id}/cover`, [file(jpeg)])).json().coverUrl;
    await new Promise((r) => setTimeout(r, 2));
    const second: string = (await upload(t, creator, `/api/communities/${c.id}/cover`, [file(jpeg)])).json().coverUrl;
    expect(second).not.toBe(first);
    await expect.poll(() => storage.exists('post-images', mediaKey(first))).toBe(false);
    expect(await storage.exists('post-images', mediaKey(first).replace('.webp', '-160.webp'))).toBe(false);
    expect(await storage.exists('post-images', mediaKey(second))).toBe(true);
    expect(await db.select().from(storageDeletions)).toEqual([]);
  });

  it('members, moderators, applicants and visitors cannot upload; non-images are refused; nothing is stored', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const moderator = await createMember(t);
    await addMember(t, c.id, moderator.id, 'moderator');
    expect((await upload(t, moderator, `/api/communities/${c.id}/cover`, [file(jpeg)])).statusCode).toBe(403);
    expect((await upload(t, await applyAs(t), `/api/communities/${c.id}/cover`, [file(jpeg)])).statusCode).toBe(403);
    expect((await upload(t, null, `/api/communities/${c.id}/cover`, [file(jpeg)])).statusCode).toBe(401);
    const html = await upload(t, creator, `/api/communities/${c.id}/cover`, [file(fakeJpegHtml())]);
    expect(html.statusCode).toBe(400);
    expect(Object.keys(html.json().error.fields)).toEqual(['file']);
    expect((await upload(t, creator, `/api/communities/${c.id}/cover`, [])).statusCode).toBe(400);
    expect(await storage.list('post-images', `communities/${c.id}/`)).toEqual([]);
    // An admin may.
    expect((await upload(t, await createAdmin(t), `/api/communities/${c.id}/avatar`, [file(jpeg)])).statusCode).toBe(200);
  });

  it('posts’ images stay members-only: only the communities/ prefix of post-images is public', async () => {
    await storage.put('post-images', 'posts/someone/1-0-abc.webp', Buffer.from('x'), 'image/webp');
    expect((await injectAs(t, null, { method: 'GET', url: '/media/post-images/posts/someone/1-0-abc.webp' })).statusCode).toBe(401);
    expect((await injectAs(t, await applyAs(t), { method: 'GET', url: '/media/post-images/posts/someone/1-0-abc.webp' })).statusCode).toBe(404);
    // A post's photo follows its post (modules/posts): a file no post or upload row claims is nobody's to read.
    expect((await injectAs(t, await createMember(t), { method: 'GET', url: '/media/post-images/posts/someone/1-0-abc.webp' })).statusCode).toBe(404);
  });
});

describe('hostile uploads on the cover and avatar routes', () => {
  it('random, broken and hostile multipart bodies get a 2xx or a 4xx with the error body, never a 5xx', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const assets = { image: await photo(24, 16), bomb: await pngBomb(4000) };
    const r = createRandom(20261125);
    const bodies = [
      ...Array.from({ length: 30 }, () => randomMultipart(r, assets)),
      ...hostileMultipartBodies(assets.image).map((b) => ({ ...multipart(b.parts), note: b.note })),
    ];
    for (const kind of ['cover', 'avatar']) {
      for (const body of bodies) {
        const headers = 'headers' in body ? body.headers : { 'content-type': body.contentType };
        const res = await injectAs(t, creator, { method: 'POST', url: `/api/communities/${c.id}/${kind}`, payload: body.payload, headers });
        expect(res.statusCode, `${kind} ${body.note}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(isErrorBody(res.json()), body.note).toBe(true);
      }
    }
  });
});

describe('DELETE /api/communities/:id', () => {
  it('the creator deletes: rows cascade, its files and its posts’ images are removed through the outbox', async () => {
    const creator = await createMember(t);
    const c = await createCommunityVia(t, creator);
    const member = await createMember(t);
    await addMember(t, c.id, member.id);
    const cover: string = (await upload(t, creator, `/api/communities/${c.id}/cover`, [file(jpeg)])).json().coverUrl;
    // A post with an image, as the posts module writes them (post_images row and the post's key list).
    const imageKey = `posts/${member.id}/1-0-abc.webp`;
    for (const k of [imageKey, imageKey.replace('.webp', '-480.webp'), imageKey.replace('.webp', '-160.webp')]) {
      await storage.put('post-images', k, Buffer.from('x'), 'image/webp');
    }
    const [post] = await db.insert(posts).values({ authorId: member.id, communityId: c.id, content: 'hi', imageKeys: [imageKey], imageSizes: ['10x10'] }).returning();
    await db.insert(postImages).values({ storageKey: imageKey, uploaderId: member.id, postId: post!.id, width: 10, height: 10 });
    // Another member's unrelated upload stays.
    const otherKey = `posts/${member.id}/2-0-def.webp`;
    await storage.put('post-images', otherKey, Buffer.from('x'), 'image/webp');

    expect((await injectAs(t, member, { method: 'DELETE', url: `/api/communities/${c.id}` })).statusCode).toBe(403);
    const res = await injectAs(t, creator, { method: 'DELETE', url: `/api/communities/${c.id}` });
    expect(res.statusCode).toBe(204);
    expect(await db.select().from(communities).where(eq(communities.id, c.id))).toEqual([]);
    expect(await db.select().from(communityMembers).where(eq(communityMembers.communityId, c.id))).toEqual([]);
    expect(await db.select().from(posts).where(eq(posts.id, post!.id))).toEqual([]);
    expect(await db.select().from(postImages).where(eq(postImages.storageKey, imageKey))).toEqual([]);
    await expect.poll(() => storage.list('post-images', `communities/${c.id}/`)).toEqual([]);
    expect(await storage.exists('post-images', mediaKey(cover))).toBe(false);
    for (const k of [imageKey, imageKey.replace('.webp', '-160.webp')]) expect(await storage.exists('post-images', k)).toBe(false);
    expect(await storage.exists('post-images', otherKey)).toBe(true);
    expect(await db.select().from(storageDeletions)).toEqual([]);
    expect((await injectAs(t, null, { method: 'GET', url: `/api/communities/${c.id}` })).statusCode).toBe(404);
  });

  it('admins delete any community; unknown is 404', async () => {
    const c = await createCommunityVia(t, await createMember(t));
    const admin = await createAdmin(t);
    expect((await injectAs(t, admin, { method: 'DELETE', url: `/api/communities/${c.id}` })).statusCode).toBe(204);
    expect((await injectAs(t, admin, { method: 'DELETE', url: `/api/communities/${c.id}` })).statusCode).toBe(404);
  });
});
