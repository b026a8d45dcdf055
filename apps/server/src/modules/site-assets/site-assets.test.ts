import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SITE_ASSET_LIMITS, SITE_ASSET_MESSAGES } from '@bayclub/shared';
import { buildTestApp, createAdmin, createMember, injectAs, isErrorBody } from '../../test/helpers.js';
import { fakeJpegHtml, jpegWithGps, photo, svgWithScript } from '../../test/image-fixtures.js';
import { file, filesUnder, jpegOfSize, upload } from '../../test/multipart.js';
import { box, coordinateTraces, isoMovie, LOCATION, locationBoxes, mp4, webmMovie } from '../../test/video-fixtures.js';

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

describe('verification badge upload', () => {
  const BADGE = '/api/admin/assets/verification-badge';

  it('stores a 128 px square PNG without metadata, sets verification_badge_url for everyone, and is audited', async () => {
    const res = await upload(t, admin, BADGE, [file(await jpegWithGps(), 'badge.jpg')]);
    expect(res.statusCode, res.body).toBe(200);
    const { url, settings } = res.json();
    expect(url).toMatch(/^\/media\/app-assets\/\d+-badge\.png$/);
    expect(settings.verification_badge_url).toBe(url);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().verification_badge_url).toBe(url);
    const meta = await sharp((await getFile(url)).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['png', 128, 128, undefined]);

    const audit = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/audit?action=asset.upload' })).json().items;
    expect(audit[0]).toMatchObject({ action: 'asset.upload', targetType: 'settings', targetLabel: 'badge', after: { verification_badge_url: url } });
  });

  it('2 MB is the limit, images only, admins only', async () => {
    const over = await upload(t, admin, BADGE, [file(await jpegOfSize(SITE_ASSET_LIMITS.badgeMaxBytes + 1))]);
    expect(over.statusCode).toBe(413);
    expect(over.json().error.message).toBe(SITE_ASSET_MESSAGES.badgeTooLarge);
    const html = await upload(t, admin, BADGE, [file(Buffer.from(fakeJpegHtml()), 'x.png')]);
    expect(html.statusCode).toBe(400);
    expect(html.json().error.fields.file).toBe(SITE_ASSET_MESSAGES.invalidType);
    const member = await createMember(t);
    expect((await upload(t, member, BADGE, [file(await photo(32, 32))])).statusCode).toBe(403);
    expect((await upload(t, null, BADGE, [file(await photo(32, 32))])).statusCode).toBe(401);
  });
});

describe('landing cover video upload', () => {
  const VIDEO = '/api/admin/assets/landing-video';
  const settingsNow = async () => (await injectAs(t, admin, { method: 'GET', url: '/api/admin/settings' })).json().settings;
  const traceIn = (bytes: Buffer) => coordinateTraces().find((trace) => bytes.includes(trace));
  const locatedMp4 = () =>
    isoMovie({ top: [locationBoxes.xmpUuid()], moov: [box('udta', locationBoxes.xyz()), locationBoxes.appleMeta()], metadataTrack: { sample: LOCATION } });

  it('MP4: stored with its location blanked (same size, frames intact), poster re-encoded as the cover image, type video', async () => {
    const movie = locatedMp4();
    expect(traceIn(movie.file)).toBeDefined();
    const res = await upload(t, admin, VIDEO, [
      file(movie.file, 'IMG_0042.MP4', 'video/mp4'),
      { name: 'poster', filename: 'poster.png', contentType: 'image/png', data: await photo(1280, 720, 'png') },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { url, posterUrl, settings } = res.json();
    expect(url).toMatch(/^\/media\/landing-covers\/\d+-video\.mp4$/);
    expect(posterUrl).toMatch(/^\/media\/landing-covers\/\d+-poster\.webp$/);
    expect(settings).toMatchObject({ landing_video_url: url, landing_cover_url: posterUrl, landing_cover_type: 'video' });
    expect(await t.app.inject({ method: 'GET', url: '/api/settings/public' }).then((r) => r.json())).toMatchObject({ landing_video_url: url, landing_cover_type: 'video' });

    const served = await getFile(url); // visitors see the landing page: no session needed
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    const body = served.rawPayload;
    expect(traceIn(body)).toBeUndefined();
    expect(body.length).toBe(movie.file.length);
    for (const [start, end] of movie.video) expect(body.subarray(start, end).equals(movie.file.subarray(start, end))).toBe(true);
    expect((await sharp((await getFile(posterUrl)).rawPayload).metadata()).format).toBe('webp');

    const audit = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/audit?action=asset.upload' })).json().items;
    expect(audit[0]).toMatchObject({ targetLabel: 'landing video', after: { landing_video_url: url, landing_cover_url: posterUrl, landing_cover_type: 'video' } });
  });

  it('WebM as a browser records it, without a poster: the cover image stays; the previous video file is removed', async () => {
    const before = await settingsNow();
    const movie = webmMovie({ live: true });
    const res = await upload(t, admin, VIDEO, [file(movie.file, 'clip.webm', 'video/webm')]);
    expect(res.statusCode, res.body).toBe(200);
    const { url, posterUrl } = res.json();
    expect(url).toMatch(/\.webm$/);
    expect(posterUrl).toBeNull();
    const after = await settingsNow();
    expect(after.landing_cover_url).toBe(before.landing_cover_url);
    expect(traceIn((await getFile(url)).rawPayload)).toBeUndefined();
    expect((await getFile(before.landing_video_url)).statusCode).toBe(404);
  });

  it('refuses QuickTime, images, HTML, a malformed container, a bad poster, an oversized video and no file; nothing changes', async () => {
    const before = await settingsNow();
    const stored = await filesUnder(path.join(t.ctx.config.uploadsDir, 'landing-covers'));
    const cut = locatedMp4().file;
    for (const [parts, status, message] of [
      [[file(isoMovie({ format: 'mov' }).file, 'clip.mov', 'video/quicktime')], 400, SITE_ASSET_MESSAGES.videoInvalidType],
      [[file(await photo(64, 64), 'clip.mp4', 'video/mp4')], 400, SITE_ASSET_MESSAGES.videoInvalidType],
      [[file(Buffer.from(fakeJpegHtml()), 'clip.webm', 'video/webm')], 400, SITE_ASSET_MESSAGES.videoInvalidType],
      [[file(cut.subarray(0, cut.length - 100), 'cut.mp4', 'video/mp4')], 400, SITE_ASSET_MESSAGES.videoUnreadable],
      [[file(mp4(), 'clip.mp4', 'video/mp4'), { name: 'poster', filename: 'p.svg', contentType: 'image/svg+xml', data: Buffer.from(svgWithScript()) }], 400, SITE_ASSET_MESSAGES.invalidType],
      [[file(mp4(SITE_ASSET_LIMITS.videoMaxBytes + 1), 'big.mp4', 'video/mp4')], 413, SITE_ASSET_MESSAGES.videoTooLarge],
      [[], 400, null],
    ] as const) {
      const res = await upload(t, admin, VIDEO, [...parts]);
      expect(res.statusCode, res.body).toBe(status);
      expect(isErrorBody(res.json())).toBe(true);
      if (message) expect(res.json().error.message).toBe(message);
    }
    expect(await settingsNow()).toEqual(before);
    expect(await filesUnder(path.join(t.ctx.config.uploadsDir, 'landing-covers'))).toEqual(stored);
  });

  it('only admins: members 403, visitors 401', async () => {
    const member = await createMember(t);
    expect((await upload(t, member, VIDEO, [file(mp4(), 'clip.mp4', 'video/mp4')])).statusCode).toBe(403);
    expect((await upload(t, null, VIDEO, [file(mp4(), 'clip.mp4', 'video/mp4')])).statusCode).toBe(401);
  });
});

describe('settings changes are audited', () => {
  it('one entry per save with only the changed keys, before and after; an unchanged save writes none', async () => {
    const put = (settings: Record<string, string>) => injectAs(t, admin, { method: 'PUT', url: '/api/admin/settings', payload: { settings } });
    const count = async () => (await injectAs(t, admin, { method: 'GET', url: '/api/admin/audit?action=settings.update' })).json().items.length;
    const before = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/settings' })).json().settings.app_name;
    const n = await count();
    expect((await put({ app_name: 'Bay Club Tampa', app_description: (await injectAs(t, admin, { method: 'GET', url: '/api/admin/settings' })).json().settings.app_description })).statusCode).toBe(200);
    const [entry] = (await injectAs(t, admin, { method: 'GET', url: '/api/admin/audit?action=settings.update' })).json().items;
    expect(entry).toMatchObject({ action: 'settings.update', targetLabel: 'app_name', before: { app_name: before }, after: { app_name: 'Bay Club Tampa' } });
    expect(entry.after).not.toHaveProperty('app_description');
    expect(await count()).toBe(n + 1);
    expect((await put({ app_name: 'Bay Club Tampa' })).statusCode).toBe(200);
    expect(await count()).toBe(n + 1);
    await put({ app_name: before });
  });
});
