import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { POST_MESSAGES, type PostImageUpload } from '@bayclub/shared';
import { buildTestApp, createMember, injectAs, type TestUser } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { file, filesUnder, jpegOfSize, upload } from '../../test/multipart.js';
import { postImages, storageDeletions } from '../../db/schema/index.js';
import { createPost, del, get, post, uploadPostImage } from './post-fixtures.js';
import { createPostImagesService, POST_IMAGE_KEY } from './uploads.js';
import { createMediaService } from '../media/service.js';

const t = await buildTestApp();
const db = t.ctx.database.db;
const uploadsDir = t.ctx.config.uploadsDir;
const MB = 1024 * 1024;
const filesOf = (userId: string) => filesUnder(path.join(uploadsDir, 'post-images', 'posts', userId));
const fetchMedia = (who: TestUser | null, url: string) => injectAs(t, who, { method: 'GET', url });

describe('POST /api/post-images', () => {
  it('re-encodes to three WebP variants under posts/{uploader}/, records the upload unclaimed; the uploader sees it, nobody else', async () => {
    const me = await createMember(t);
    const up = await uploadPostImage(t, me, 2000, 1000);
    expect(up.key).toMatch(POST_IMAGE_KEY);
    expect(up.key.startsWith(`posts/${me.id}/`)).toBe(true);
    expect(up.url).toBe(`/media/post-images/${up.key}`);
    expect([up.width, up.height]).toEqual([1080, 540]);
    expect((await filesOf(me.id)).sort()).toHaveLength(3);
    const [row] = await db.select().from(postImages).where(eq(postImages.storageKey, up.key));
    expect(row).toMatchObject({ uploaderId: me.id, postId: null, width: 1080, height: 540 });
    const mine = await fetchMedia(me, up.url);
    expect(mine.statusCode).toBe(200);
    expect((await sharp(mine.rawPayload).metadata()).format).toBe('webp');
    expect((await fetchMedia(me, up.url.replace('.webp', '-160.webp'))).statusCode).toBe(200);
    expect((await fetchMedia(await createMember(t), up.url)).statusCode).toBe(404);
    expect((await fetchMedia(null, up.url)).statusCode).toBe(401);
  });

  it('refuses what is not an image (from the bytes) and files over 10 MB, keeping nothing', async () => {
    const me = await createMember(t);
    const html = await upload(t, me, '/api/post-images', [file(Buffer.from('<html><script>1</script></html>'), 'x.jpg', 'image/jpeg')]);
    expect(html.statusCode).toBe(400);
    expect(html.json().error.fields).toEqual({ file: POST_MESSAGES.notImage('x.jpg') });
    const big = await upload(t, me, '/api/post-images', [file(await jpegOfSize(10 * MB + 1), 'big.jpg')]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(POST_MESSAGES.imageTooLarge('big.jpg'));
    expect(await filesOf(me.id)).toEqual([]);
    expect(await db.select().from(postImages).where(eq(postImages.uploaderId, me.id))).toEqual([]);
  });
});

describe('a post claims its images', () => {
  it("only the caller's unclaimed uploads: someone else's key, a used key and an unknown key are 400 fields.imageKeys", async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const mine = await uploadPostImage(t, me);
    const theirs = await uploadPostImage(t, other);
    for (const keys of [[theirs.key], [mine.key, theirs.key], ['posts/nope/1-0.webp']]) {
      const res = await post(t, me, '/api/posts', { communityId: null, content: '', imageKeys: keys });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ imageKeys: POST_MESSAGES.imageInvalid });
    }
    // Nothing was claimed by the refused attempts.
    const first = await createPost(t, me, { content: '', imageKeys: [mine.key] });
    expect(first.images).toEqual([{ url: mine.url, width: 64, height: 48 }]);
    const reused = await post(t, me, '/api/posts', { communityId: null, content: 'again', imageKeys: [mine.key] });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.fields).toEqual({ imageKeys: POST_MESSAGES.imageInvalid });
  });

  it('keeps the order chosen, at most 6; two posts racing for one upload: one wins', async () => {
    const me = await createMember(t);
    const ups: PostImageUpload[] = [];
    for (let i = 0; i < 7; i++) ups.push(await uploadPostImage(t, me, 40 + i, 30));
    const seven = await post(t, me, '/api/posts', { communityId: null, content: '', imageKeys: ups.map((u) => u.key) });
    expect(seven.statusCode).toBe(400);
    expect(Object.keys(seven.json().error.fields)).toEqual(['imageKeys']);
    const order = [ups[3]!, ups[0]!, ups[5]!];
    const p = await createPost(t, me, { content: 'three', imageKeys: order.map((u) => u.key) });
    expect(p.images.map((i) => [i.url, i.width])).toEqual(order.map((u) => [u.url, u.width]));
    const race = await Promise.all([1, 2].map(() => post(t, me, '/api/posts', { communityId: null, content: 'race', imageKeys: [ups[6]!.key] })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it('post images are readable by those who can read the post, and go (through the outbox) with it', async () => {
    const author = await createMember(t);
    const fellow = await createMember(t);
    const outsider = await createMember(t);
    const community = await insertCommunity(t, { visibility: 'private', creatorId: author.id });
    await addMember(t, community, fellow.id);
    const up = await uploadPostImage(t, author);
    const p = await createPost(t, author, { communityId: community, imageKeys: [up.key] });
    expect((await fetchMedia(fellow, up.url)).statusCode).toBe(200);
    expect((await fetchMedia(fellow, up.url.replace('.webp', '-480.webp'))).statusCode).toBe(200);
    expect((await fetchMedia(outsider, up.url)).statusCode).toBe(404);
    await post(t, fellow, '/api/blocks', { userId: author.id });
    expect((await fetchMedia(fellow, up.url)).statusCode).toBe(404);

    expect((await del(t, author, `/api/posts/${p.id}`)).statusCode).toBe(204);
    expect(await filesOf(author.id)).toEqual([]);
    expect(await db.select().from(postImages).where(eq(postImages.storageKey, up.key))).toEqual([]);
    expect((await get(t, author, up.url)).statusCode).toBe(404);
  });
});

describe('the sweep of unused uploads', () => {
  it('removes uploads older than 24 h that no post claimed, rows and files, and keeps the rest', async () => {
    const me = await createMember(t);
    const old = await uploadPostImage(t, me);
    const fresh = await uploadPostImage(t, me);
    const used = await uploadPostImage(t, me);
    await createPost(t, me, { imageKeys: [used.key] });
    await db.update(postImages).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(postImages.uploaderId, me.id));
    await db.update(postImages).set({ createdAt: sql`now()` }).where(eq(postImages.storageKey, fresh.key));
    const service = createPostImagesService(t.ctx, createMediaService({ db, storage: t.ctx.storage, log: t.ctx.log }));
    expect(await service.sweepUnclaimed()).toBeGreaterThanOrEqual(1);
    const left = (await db.select().from(postImages).where(eq(postImages.uploaderId, me.id))).map((r) => r.storageKey).sort();
    expect(left).toEqual([fresh.key, used.key].sort());
    const files = await filesOf(me.id);
    expect(files).toHaveLength(6);
    expect(files.some((f) => old.key.endsWith(f))).toBe(false);
    expect(await db.select().from(storageDeletions).where(sql`${storageDeletions.keyOrPrefix} like ${`posts/${me.id}/%`}`)).toEqual([]);
    // A post naming the swept upload is told to add the photo again.
    const res = await post(t, me, '/api/posts', { communityId: null, content: '', imageKeys: [old.key] });
    expect(res.json().error.fields).toEqual({ imageKeys: POST_MESSAGES.imageInvalid });
  });
});
