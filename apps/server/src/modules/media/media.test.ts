import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildTestApp, createAdmin, createMember, deactivate, injectAs, type TestUser } from '../../test/helpers.js';
import { photo } from '../../test/image-fixtures.js';
import { file, upload } from '../../test/multipart.js';

const t = await buildTestApp();
const jpeg = await photo(64, 48);

const get = (who: TestUser | null, url: string, headers: Record<string, string> = {}) => injectAs(t, who, { method: 'GET', url, headers });
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Not found' } };

const owner = await createMember(t);
const viewer = await createMember(t);
const pictureUrl: string = (await upload(t, owner, '/api/me/profile-picture', [file(jpeg)])).json().profilePictureUrl;
const galleryUrl: string = (await upload(t, owner, '/api/me/images', [file(jpeg)])).json().items[0].imageUrl;
const picturePath = pictureUrl.split('?')[0]!;

describe('GET /media/:bucket/*', () => {
  it('serves a gallery photo as WebP, nosniff, immutable, private to members', async () => {
    const res = await get(viewer, galleryUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers.vary).toContain('cookie');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
  });

  it('the profile picture (overwritten in place) is cached briefly and revalidated', async () => {
    for (const url of [pictureUrl, picturePath, picturePath.replace('profile.webp', 'profile-160.webp')]) {
      const res = await get(viewer, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control'], url).toBe('private, max-age=60, must-revalidate');
    }
  });

  it('ETag: a matching If-None-Match is answered 304 without a body', async () => {
    const first = await get(viewer, galleryUrl);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(viewer, galleryUrl, { 'if-none-match': header });
      expect(again.statusCode, header).toBe(304);
      expect(again.body).toBe('');
    }
    expect((await get(viewer, galleryUrl, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('a new profile picture gets a new ETag', async () => {
    const me = await createMember(t);
    const url = (await upload(t, me, '/api/me/profile-picture', [file(jpeg)])).json().profilePictureUrl.split('?')[0];
    const before = (await get(me, url)).headers.etag;
    await upload(t, me, '/api/me/profile-picture', [file(await photo(30, 30))]);
    const after = await get(me, url, { 'if-none-match': before as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it('HEAD answers the headers only', async () => {
    const res = await injectAs(t, viewer, { method: 'HEAD', url: galleryUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(Number(res.headers['content-length'])).toBe((await get(viewer, galleryUrl)).rawPayload.length);
    expect(res.body).toBe('');
  });

  it('member buckets need a session', async () => {
    for (const url of [galleryUrl, pictureUrl]) {
      const res = await get(null, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You need to sign in' } });
      expect(res.headers['content-type']).toContain('application/json');
    }
    // Anonymous callers learn nothing about which files exist: the same 401 for a missing one.
    expect((await get(null, `/media/profile-images/${owner.id}/missing.webp`)).statusCode).toBe(401);
  });

  it('unknown buckets, missing files and unsafe keys are 404', async () => {
    for (const url of [
      '/media/secrets/x.webp',
      '/media/profile-images/',
      `/media/profile-images/${owner.id}/missing.webp`,
      `/media/profile-images/${owner.id}/../../../package.json`,
      `/media/profile-images/${owner.id}/%2e%2e/%2e%2e/x`,
      `/media/profile-images/..%2f..%2fpackage.json`,
      `/media/profile-images/${owner.id}/.`,
      `/media/profile-images/${owner.id}//x.webp`,
      `/media/profile-images/${owner.id}/x~abc.tmp`,
      '/media/app-assets/..',
      `/media/profile-images/${owner.id}`,
    ]) {
      const res = await get(viewer, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(NOT_FOUND);
    }
    // NUL never reaches storage: the input guard refuses it for every route.
    expect((await get(viewer, `/media/profile-images/${owner.id}/x%00.webp`)).statusCode).toBe(400);
  });

  it("a deactivated member's photos: 404 for other members, 200 for themselves and admins", async () => {
    const hidden = await createMember(t);
    const hiddenPicture = (await upload(t, hidden, '/api/me/profile-picture', [file(jpeg)])).json().profilePictureUrl;
    const hiddenPhoto = (await upload(t, hidden, '/api/me/images', [file(jpeg)])).json().items[0].imageUrl;
    const admin = await createAdmin(t);
    await deactivate(t, hidden.id);
    for (const url of [hiddenPicture, hiddenPhoto]) {
      const other = await get(viewer, url);
      expect(other.statusCode, url).toBe(404);
      expect(other.json()).toEqual(NOT_FOUND);
      expect((await get(hidden, url)).statusCode, url).toBe(200);
      expect((await get(admin, url)).statusCode, url).toBe(200);
    }
    await deactivate(t, hidden.id, false);
    expect((await get(viewer, hiddenPhoto)).statusCode).toBe(200);
  });

  it('a member-bucket key that does not start with a member id is 404', async () => {
    await t.ctx.storage.put('profile-images', 'orphan/x.webp', await sharp(jpeg).webp().toBuffer(), 'image/webp');
    expect((await get(viewer, '/media/profile-images/orphan/x.webp')).statusCode).toBe(404);
  });

  it('app-assets are public, with their detected type', async () => {
    const png = await photo(16, 16, 'png');
    await t.ctx.storage.put('app-assets', '1700000000000-favicon.png', png, 'image/png');
    const res = await get(null, '/media/app-assets/1700000000000-favicon.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('a stored file with an unknown extension is never served as HTML', async () => {
    await t.ctx.storage.put('app-assets', 'page.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
    const res = await get(null, '/media/app-assets/page.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).not.toContain('html');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });
});
