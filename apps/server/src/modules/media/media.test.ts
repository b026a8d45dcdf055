import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CHAT_MEDIA_URL, type AttachmentKind } from '@bayclub/shared';
import { buildTestApp, createAdmin, createMember, deactivate, injectAs, type TestUser } from '../../test/helpers.js';
import { photo } from '../../test/image-fixtures.js';
import { file, upload } from '../../test/multipart.js';
import { blocks, chatAttachments, conversations } from '../../db/schema/index.js';
import { claimAttachments } from '../chat-media/repository.js';
import { mp4 } from '../../test/video-fixtures.js';
import { parseRange } from './routes.js';

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

  it('a file name longer than any stored one is 404 in every bucket, never a file-system error', async () => {
    const buckets = ['app-assets', 'landing-covers', 'profile-pictures', 'profile-images', 'chat-media'];
    for (const bucket of buckets) {
      for (const key of ['a'.repeat(201), 'a'.repeat(255), 'a'.repeat(256), `${'b'.repeat(256)}.png`, `${owner.id}/${'c'.repeat(300)}`.slice(0, 400)]) {
        const res = await get(viewer, `/media/${bucket}/${key}`);
        expect(res.statusCode, `${bucket} ${key.length}`).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    }
    // The longest segment a key may have still reaches storage (and is simply not there).
    expect((await get(null, `/media/app-assets/${'a'.repeat(200)}`)).statusCode).toBe(404);
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

/** A chat attachment as POST /api/chat-media leaves it: the file under `{uploader}/` and its unclaimed row. */
async function chatFile(uploader: TestUser, body: Buffer, extension: 'mp4' | 'webp', kind: AttachmentKind) {
  const key = `${uploader.id}/${Date.now()}-${randomBytes(8).toString('hex')}.${extension}`;
  await t.ctx.storage.put('chat-media', key, body, extension === 'mp4' ? 'video/mp4' : 'image/webp');
  await t.ctx.database.db.insert(chatAttachments).values({ storageKey: key, uploaderId: uploader.id, kind });
  const url = `/media/chat-media/${key}`;
  expect(url).toMatch(CHAT_MEDIA_URL);
  return url;
}

async function conversationBetween(a: TestUser, b: TestUser) {
  const [p1, p2] = [a.id, b.id].sort();
  const [row] = await t.ctx.database.db
    .insert(conversations)
    .values({ participant1Id: p1!, participant2Id: p2! })
    .returning({ id: conversations.id });
  return row!.id;
}

const claim = (uploader: TestUser, conversationId: string, url: string) =>
  t.ctx.database.db.transaction((tx) => claimAttachments(tx, { uploaderId: uploader.id, conversationId, urls: [url] }));

describe('GET /media/chat-media/*: who may read a chat attachment', () => {
  it('the uploader; the other participant once it is sent in their conversation; nobody else (404 like a missing file)', async () => {
    const sender = await createMember(t);
    const recipient = await createMember(t);
    const stranger = await createMember(t);
    const admin = await createAdmin(t);
    const url = await chatFile(sender, await sharp(jpeg).webp().toBuffer(), 'webp', 'image');

    expect((await get(sender, url)).statusCode).toBe(200);
    // Not sent yet: only the uploader.
    for (const who of [recipient, stranger, admin]) {
      const res = await get(who, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }

    expect(await claim(sender, await conversationBetween(sender, recipient), url)).toEqual(['image']);
    const seen = await get(recipient, url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(seen.headers.vary).toContain('cookie');
    expect((await get(sender, url)).statusCode).toBe(200);
    // A member in another conversation with the sender, an admin, a stranger: as if it did not exist.
    await conversationBetween(sender, stranger);
    for (const who of [stranger, admin]) expect((await get(who, url)).json()).toEqual(NOT_FOUND);
    // The same answer for a chat file nobody uploaded.
    expect((await get(stranger, `/media/chat-media/${sender.id}/1700000000000-0123456789abcdef.webp`)).json()).toEqual(NOT_FOUND);
  });

  it('anonymous callers get 401, for existing and missing files alike', async () => {
    const sender = await createMember(t);
    const url = await chatFile(sender, mp4(), 'mp4', 'video');
    for (const u of [url, `/media/chat-media/${sender.id}/1700000000000-0123456789abcdef.mp4`]) {
      const res = await get(null, u);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('a block between the participants hides the file from the other one (the uploader still sees it)', async () => {
    const sender = await createMember(t);
    const recipient = await createMember(t);
    const url = await chatFile(sender, mp4(), 'mp4', 'video');
    await claim(sender, await conversationBetween(sender, recipient), url);
    expect((await get(recipient, url)).statusCode).toBe(200);
    for (const [blocker, blocked] of [
      [recipient, sender],
      [sender, recipient],
    ] as const) {
      await t.ctx.database.db.insert(blocks).values({ blockerId: blocker.id, blockedId: blocked.id });
      expect((await get(recipient, url)).statusCode).toBe(404);
      expect((await get(sender, url)).statusCode).toBe(200);
      await t.ctx.database.db.delete(blocks);
    }
    expect((await get(recipient, url)).statusCode).toBe(200);
  });

  it('a file under a member folder without a row is nobody\'s, not even that member\'s', async () => {
    const sender = await createMember(t);
    const key = `${sender.id}/1700000000000-0123456789abcdef.mp4`;
    await t.ctx.storage.put('chat-media', key, mp4(), 'video/mp4');
    expect((await get(sender, `/media/chat-media/${key}`)).statusCode).toBe(404);
  });
});

describe('GET /media: byte ranges (video seeking)', () => {
  const owner2 = owner;
  const video = mp4(5000);
  // Distinct bytes so a wrong offset shows.
  for (let i = 0; i < video.length; i++) if (i >= 40) video[i] = i % 251;
  let url = '';
  const ranged = async (range: string, extra: Record<string, string> = {}) => get(owner2, url, { range, ...extra });

  it('serves one range as 206 with Content-Range, exact bytes and length', async () => {
    url = await chatFile(owner2, video, 'mp4', 'video');
    const full = await get(owner2, url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.rawPayload.equals(video)).toBe(true);

    for (const [header, start, end] of [
      ['bytes=0-1', 0, 1],
      ['bytes=100-199', 100, 199],
      ['bytes=4990-', 4990, 4999],
      ['bytes=4990-99999', 4990, 4999],
      ['bytes=-10', 4990, 4999],
      ['bytes=-99999', 0, 4999],
      ['bytes=0-', 0, 4999],
    ] as const) {
      const res = await ranged(header);
      expect(res.statusCode, header).toBe(206);
      expect(res.headers['content-range'], header).toBe(`bytes ${start}-${end}/5000`);
      expect(Number(res.headers['content-length']), header).toBe(end - start + 1);
      expect(res.rawPayload.equals(video.subarray(start, end + 1)), header).toBe(true);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
  });

  it('a range past the end is 416 with the size', async () => {
    for (const header of ['bytes=5000-', 'bytes=9999-10000', 'bytes=-0']) {
      const res = await ranged(header);
      expect(res.statusCode, header).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */5000');
      expect(res.json().error.code).toBe('RANGE_NOT_SATISFIABLE');
    }
  });

  it('several ranges, other units and malformed headers get the whole file', async () => {
    for (const header of ['bytes=0-1,5-6', 'items=0-1', 'bytes=5-1', 'bytes=-', 'bytes=a-b', 'bytes 0-1', `bytes=0-${'9'.repeat(16)}`]) {
      const res = await ranged(header);
      expect(res.statusCode, header).toBe(200);
      expect(res.rawPayload.equals(video), header).toBe(true);
    }
  });

  it('If-Range: the range for the current ETag, the whole file for another validator', async () => {
    const etag = (await get(owner2, url)).headers.etag as string;
    expect((await ranged('bytes=0-9', { 'if-range': etag })).statusCode).toBe(206);
    for (const other of ['"old"', `W/${etag}`, new Date().toUTCString()]) {
      const res = await ranged('bytes=0-9', { 'if-range': other });
      expect(res.statusCode, other).toBe(200);
      expect(res.rawPayload.equals(video)).toBe(true);
    }
  });

  it('a matching If-None-Match still wins (304), and the access rule applies to ranges too', async () => {
    const etag = (await get(owner2, url)).headers.etag as string;
    expect((await ranged('bytes=0-9', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(viewer, url, { range: 'bytes=0-9' })).statusCode).toBe(404);
    expect((await get(null, url, { range: 'bytes=0-9' })).statusCode).toBe(401);
  });

  it('images can be fetched in ranges too', async () => {
    const whole = (await get(viewer, galleryUrl)).rawPayload;
    const res = await get(viewer, galleryUrl, { range: 'bytes=0-11' });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(whole.subarray(0, 12))).toBe(true);
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-0', { first: 0, last: 0 }],
    ['bytes=10-', { first: 10 }],
    ['bytes=-5', { suffix: 5 }],
    [' bytes=1-2 ', { first: 1, last: 2 }],
    ['bytes=2-1', null],
    ['bytes=-', null],
    ['bytes=0-1, 3-4', null],
    ['Bytes=0-1', null],
    [undefined, null],
  ])('%s', (header, expected) => {
    expect(parseRange(header)).toEqual(expected);
  });
});
