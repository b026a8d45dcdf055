import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { BUCKETS } from '@bayclub/shared';
import { buildTestApp, createAdmin, createMember, injectAs } from '../../test/helpers.js';
import { jpegWithGps, photo } from '../../test/image-fixtures.js';
import { captions, file, upload } from '../../test/multipart.js';
import { startS3rver } from '../../test/s3rver.js';

/*
 * The upload, serving and deletion paths once more, with S3 storage (s3rver, a local S3-protocol peer)
 * instead of the local disk: what the API promises must not depend on the backend.
 */

const s3 = await startS3rver();
const storage = s3.storage;
const t = await buildTestApp({}, { storage });
afterAll(async () => {
  await t.close();
  await s3.close();
});

const jpeg = await photo(120, 90);
// Keeps the member being deleted from being the only admin.
await createAdmin(t);

const keysOf = async (userId: string) => {
  const out: string[] = [];
  for (const bucket of BUCKETS) out.push(...(await storage.list(bucket, `${userId}/`)).map((k) => `${bucket}/${k}`));
  return out.sort();
};

describe('uploads on S3 storage', () => {
  it('profile picture: stored, verified, served as clean WebP with an ETag', async () => {
    const m = await createMember(t);
    const res = await upload(t, m, '/api/me/profile-picture', [file(await jpegWithGps(), 'gps.jpg')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await keysOf(m.id)).toEqual(['profile-160.webp', 'profile-480.webp', 'profile.webp'].map((k) => `profile-pictures/${m.id}/${k}`));
    const got = await injectAs(t, m, { method: 'GET', url: res.json().profilePictureUrl });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 600 });
    expect(meta.exif).toBeUndefined();
    const etag = got.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await injectAs(t, m, { method: 'GET', url: res.json().profilePictureUrl, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });

  it('gallery: upload with captions, list, delete (files go too)', async () => {
    const m = await createMember(t);
    const res = await upload(t, m, '/api/me/images', [captions(['one', 'two']), file(jpeg, 'a.jpg'), file(await photo(60, 60, 'png'), 'b.png', 'image/png')]);
    expect(res.statusCode, res.body).toBe(201);
    const items = res.json().items as Array<{ id: string; imageUrl: string; caption: string }>;
    expect(items.map((i) => i.caption)).toEqual(['one', 'two']);
    expect(await keysOf(m.id)).toHaveLength(6);
    const served = await injectAs(t, m, { method: 'GET', url: items[1]!.imageUrl });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(60);

    expect((await injectAs(t, m, { method: 'DELETE', url: `/api/me/images/${items[0]!.id}` })).statusCode).toBe(204);
    const left = await keysOf(m.id);
    expect(left).toHaveLength(3);
    expect(left.every((k) => items[1]!.imageUrl.includes(k.replace(/(-\d+)?\.webp$/, '')))).toBe(true);
    expect((await injectAs(t, m, { method: 'GET', url: items[0]!.imageUrl })).statusCode).toBe(404);
  });

  it('deleting the account removes every stored object of the member and no one else', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    for (const who of [m, other]) {
      expect((await upload(t, who, '/api/me/profile-picture', [file(jpeg)])).statusCode).toBe(200);
      expect((await upload(t, who, '/api/me/images', [file(jpeg)])).statusCode).toBe(201);
    }
    await storage.put('chat-media', `${m.id}/1700000000000-x.webp`, jpeg, 'image/webp');
    expect(await keysOf(m.id)).toHaveLength(7);
    const otherKeys = await keysOf(other.id);
    const res = await injectAs(t, m, { method: 'POST', url: '/api/account/delete', payload: { confirmation: 'DELETE' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await keysOf(m.id)).toEqual([]);
    expect(await keysOf(other.id)).toEqual(otherKeys);
  });
});
