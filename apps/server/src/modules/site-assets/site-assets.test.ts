import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SITE_ASSET_LIMITS, SITE_ASSET_MESSAGES } from '@bayclub/shared';
import { buildTestApp, createAdmin, createMember, injectAs, isErrorBody } from '../../test/helpers.js';
import { fakeJpegHtml, jpegWithGps, photo, svgWithScript } from '../../test/image-fixtures.js';
import { file, filesUnder, jpegOfSize, upload } from '../../test/multipart.js';

const t = await buildTestApp();
const admin = await createAdmin(t);
const FAVICON = '/api/admin/assets/favicon';
const COVER = '/api/admin/assets/landing-cover';

const getFile = (url: string) => t.app.inject({ method: 'GET', url });

describe('favicon upload (admin Settings)', () => {
  it('re-encodes to a square PNG under a timestamped name, points favicon_url at it, and serves it to visitors', async () => {
    const res = await upload(t, admin, FAVICON, [file(await photo(800, 400, 'jpeg'), 'icon.jpg')]);
    expect(res.statusCode, res.body).toBe(200);
    const { url, settings } = res.json();
    expect(url).toMatch(/^\/media\/app-assets\/\d+-favicon\.png$/);
    expect(settings.favicon_url).toBe(url);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().favicon_url).toBe(url);

    const served = await getFile(url); // no session: the favicon is for visitors too
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
  });

  it('a new favicon replaces the old file', async () => {
    const first = (await upload(t, admin, FAVICON, [file(await photo(64, 64, 'png'), 'a.png', 'image/png')])).json().url as string;
    await new Promise((r) => setTimeout(r, 5));
    const second = (await upload(t, admin, FAVICON, [file(await photo(64, 64, 'webp'), 'b.webp', 'image/webp')])).json().url as string;
    expect(second).not.toBe(first);
    expect((await getFile(first)).statusCode).toBe(404);
    expect((await getFile(second)).statusCode).toBe(200);
    expect(await filesUnder(path.join(t.ctx.config.uploadsDir, 'app-assets'))).toHaveLength(1);
  });

  it('metadata (GPS) never reaches the stored file', async () => {
    const { url } = (await upload(t, admin, FAVICON, [file(await jpegWithGps(), 'gps.jpg')])).json();
    const meta = await sharp((await getFile(url)).rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it('refuses what is not a JPEG, PNG or WebP, whatever its name says', async () => {
    for (const [data, name] of [
      [fakeJpegHtml(), 'x.jpg'],
      [svgWithScript(), 'x.png'],
    ] as const) {
      const res = await upload(t, admin, FAVICON, [file(Buffer.from(data), name)]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.file).toBe(SITE_ASSET_MESSAGES.invalidType);
    }
  });

  it('2 MB is the limit: one byte over is a 413 and nothing changes', async () => {
    const before = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/settings' })).json().settings.favicon_url;
    const ok = await upload(t, admin, FAVICON, [file(await jpegOfSize(SITE_ASSET_LIMITS.faviconMaxBytes))]);
    expect(ok.statusCode, ok.body).toBe(200);
    const now = ok.json().url;
    const over = await upload(t, admin, FAVICON, [file(await jpegOfSize(SITE_ASSET_LIMITS.faviconMaxBytes + 1))]);
    expect(over.statusCode).toBe(413);
    expect(over.json().error.message).toBe(SITE_ASSET_MESSAGES.faviconTooLarge);
    expect((await injectAs(t, admin, { method: 'GET', url: '/api/admin/settings' })).json().settings.favicon_url).toBe(now);
    expect(before).not.toBe(now);
  });

  it('only admins: members 403, visitors 401', async () => {
    const member = await createMember(t);
    const jpeg = await photo(32, 32);
    const asMember = await upload(t, member, FAVICON, [file(jpeg)]);
    expect(asMember.statusCode).toBe(403);
    expect(isErrorBody(asMember.json())).toBe(true);
    expect((await upload(t, null, FAVICON, [file(jpeg)])).statusCode).toBe(401);
    expect((await upload(t, member, COVER, [file(jpeg)])).statusCode).toBe(403);
  });
});

describe('landing cover upload', () => {
  it('stores one wide WebP, sets landing_cover_url and the image cover type, public to visitors', async () => {
    const res = await upload(t, admin, COVER, [file(await photo(3000, 1500, 'jpeg'), 'bay.jpg')]);
    expect(res.statusCode, res.body).toBe(200);
    const { url, settings } = res.json();
    expect(url).toMatch(/^\/media\/landing-covers\/\d+-cover\.webp$/);
    expect(settings).toMatchObject({ landing_cover_url: url, landing_cover_type: 'image' });
    const served = await getFile(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/immutable/);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2400, 1200]);
  });

  it('10 MB is the limit', async () => {
    const over = await upload(t, admin, COVER, [file(await jpegOfSize(SITE_ASSET_LIMITS.coverMaxBytes + 1))]);
    expect(over.statusCode).toBe(413);
    expect(over.json().error.message).toBe(SITE_ASSET_MESSAGES.coverTooLarge);
  });

  it('no file: 400', async () => {
    const res = await upload(t, admin, COVER, []);
    expect(res.statusCode).toBe(400);
  });
});
