import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { GALLERY_MESSAGES, LIMITS, imageVariantUrl } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createLimitedMember,
  createMember,
  deactivate,
  injectAs,
  isErrorBody,
  setSettings,
  type TestUser,
} from '../../test/helpers.js';
import { fakeJpegHtml, photo, pngBomb, svgWithScript } from '../../test/image-fixtures.js';
import { captions, file, filesUnder, jpegOfSize, multipart, upload, type Part } from '../../test/multipart.js';
import { profileImages, storageDeletions } from '../../db/schema/index.js';

const t = await buildTestApp();
const db = t.ctx.database.db;
const uploadsDir = t.ctx.config.uploadsDir;

const IMAGES = '/api/me/images';
const TEN_MB = LIMITS.galleryPhotoMaxBytes;
expect(TEN_MB).toBe(10 * 1024 * 1024);

const small = await photo(48, 36, 'jpeg');
const photos = (count: number, prefix = 'p'): Part[] => Array.from({ length: count }, (_, i) => file(small, `${prefix}${i + 1}.jpg`));

const galleryFiles = (userId: string) => filesUnder(path.join(uploadsDir, 'profile-images', userId));
const rows = (userId: string) =>
  db.select().from(profileImages).where(eq(profileImages.userId, userId)).orderBy(asc(profileImages.imageOrder));
const list = (viewer: TestUser, ownerId: string) => injectAs(t, viewer, { method: 'GET', url: `/api/profiles/${ownerId}/images` });
const remove = (who: TestUser | null, id: string) => injectAs(t, who, { method: 'DELETE', url: `${IMAGES}/${id}` });
const reorder = (who: TestUser | null, ids: unknown) => injectAs(t, who, { method: 'PUT', url: `${IMAGES}/order`, payload: { ids } });

/** Upload `count` photos as `who` and return the created rows. */
async function seed(who: TestUser, count: number) {
  const res = await upload(t, who, IMAGES, photos(count));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().items as Array<{ id: string; imageUrl: string; imageOrder: number }>;
}

/** A member whose uploads are all refused (shared by the refusal tests: nothing of theirs is ever stored). */
let refusedMember: TestUser | undefined;
const refused = async () => (refusedMember ??= await createMember(t));

/** Nothing of a refused upload remains: no rows, no files. */
async function expectNothingStored(who: TestUser) {
  expect(await rows(who.id)).toEqual([]);
  expect(await galleryFiles(who.id)).toEqual([]);
}

describe('POST /api/me/images', () => {
  it('three photos with captions: stored in order, three WebP sizes each', async () => {
    const me = await createMember(t);
    const res = await upload(t, me, IMAGES, [captions(['Beach day', null, '  Sunset  ']), ...photos(3)]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.skipped).toBe(0);
    expect(body.items).toHaveLength(3);
    expect(body.items.map((i: { imageOrder: number }) => i.imageOrder)).toEqual([0, 1, 2]);
    expect(body.items.map((i: { caption: string | null }) => i.caption)).toEqual(['Beach day', null, 'Sunset']);
    for (const item of body.items) {
      expect(Object.keys(item).sort()).toEqual(['caption', 'createdAt', 'height', 'id', 'imageOrder', 'imageUrl', 'mediaType', 'width']);
      expect(item).toMatchObject({ mediaType: 'image', width: 48, height: 36 });
      expect(item.imageUrl).toMatch(new RegExp(`^/media/profile-images/${me.id}/[A-Za-z0-9._-]+\\.webp$`));
      for (const size of ['large', 'medium', 'small'] as const) {
        const got = await injectAs(t, me, { method: 'GET', url: imageVariantUrl(item.imageUrl, size) });
        expect(got.statusCode, `${size} of ${item.imageUrl}`).toBe(200);
        expect((await sharp(got.rawPayload).metadata()).format).toBe('webp');
      }
    }
    expect(await galleryFiles(me.id)).toHaveLength(9);
    const stored = await rows(me.id);
    expect(stored.map((r) => r.caption)).toEqual(['Beach day', null, 'Sunset']);

    const other = await createMember(t);
    const seen = await list(other, me.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().items.map((i: { id: string }) => i.id)).toEqual(body.items.map((i: { id: string }) => i.id));
  });

  it('new photos go after the existing ones', async () => {
    const me = await createMember(t);
    await seed(me, 2);
    const more = await seed(me, 2);
    expect(more.map((i) => i.imageOrder)).toEqual([2, 3]);
  });

  it('a caption over 100 characters is refused before anything is stored', async () => {
    const me = await createMember(t);
    const ok = await upload(t, me, IMAGES, [captions(['c'.repeat(100)]), ...photos(1)]);
    expect(ok.statusCode).toBe(201);
    const other = await refused();
    const res = await upload(t, other, IMAGES, [captions(['fine', 'c'.repeat(101)]), ...photos(2)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: GALLERY_MESSAGES.captionTooLong, fields: { captions: GALLERY_MESSAGES.captionTooLong } },
    });
    await expectNothingStored(other);
  });

  it('malformed captions are a 400, JSON-typed captions are read', async () => {
    const me = await createMember(t);
    for (const value of ['not json', '{"a":1}', '[1,2]', JSON.stringify(Array(25).fill('x'))]) {
      const res = await upload(t, me, IMAGES, [{ name: 'captions', value }, ...photos(1)]);
      expect(res.statusCode, value).toBe(400);
      expect(isErrorBody(res.json())).toBe(true);
      expect(Object.keys(res.json().error.fields)).toEqual(['captions']);
    }
    await expectNothingStored(me);
    const typed = await upload(t, me, IMAGES, [{ name: 'captions', value: '["typed"]', contentType: 'application/json' }, ...photos(1)]);
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().items[0].caption).toBe('typed');
  });

  it('captions the database cannot store (NUL, lone surrogates) are a 400 on captions and nothing is stored', async () => {
    const me = await refused();
    const NOT_ALLOWED = 'The request contains characters that are not allowed';
    for (const part of [
      captions(['a\u0000b']),
      captions(['fine', '\ud800']),
      captions(['\udc00x']),
      { name: 'captions', value: JSON.stringify(['a\u0000b']), contentType: 'application/json' },
    ]) {
      const res = await upload(t, me, IMAGES, [part, ...photos(2)]);
      expect(res.statusCode, JSON.stringify(part)).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: NOT_ALLOWED, fields: { captions: NOT_ALLOWED } } });
    }
    // A raw NUL in any text field, and in a field's name, is refused the same way.
    for (const part of [{ name: 'captions', value: '["a\u0000b"]' }, { name: 'note', value: 'x\u0000' }, { name: 'n\u0000', value: 'x' }]) {
      const res = await upload(t, me, IMAGES, [part, ...photos(1)]);
      expect(res.statusCode, JSON.stringify(part)).toBe(400);
      expect(res.json().error.message).toBe(NOT_ALLOWED);
    }
    await expectNothingStored(me);
  });

  it('only as many files as free slots are taken; the rest are counted as skipped', async () => {
    const me = await createMember(t);
    await seed(me, 10);
    const res = await upload(t, me, IMAGES, photos(4, 'extra'));
    expect(res.statusCode).toBe(201);
    expect(res.json().items).toHaveLength(2);
    expect(res.json().skipped).toBe(2);
    expect(await rows(me.id)).toHaveLength(12);
    expect(await galleryFiles(me.id)).toHaveLength(36);
    const full = await upload(t, me, IMAGES, photos(1));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: { code: 'CONFLICT', message: GALLERY_MESSAGES.full } });
    expect(await galleryFiles(me.id)).toHaveLength(36);
  });

  it('the 12-photo limit holds when uploads race; the losers leave no files behind', async () => {
    const me = await createMember(t);
    await seed(me, 11);
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => upload(t, me, IMAGES, photos(1, `race${i}-`))));
    const taken = results.reduce((n, r) => n + (r.statusCode === 201 ? r.json().items.length : 0), 0);
    expect(taken).toBe(1);
    for (const r of results) {
      expect([201, 409], r.body).toContain(r.statusCode);
      if (r.statusCode === 201 && r.json().items.length === 0) expect(r.json().skipped).toBe(1);
    }
    const stored = await rows(me.id);
    expect(stored).toHaveLength(12);
    expect(new Set(stored.map((r) => r.imageOrder)).size).toBe(12);
    expect(await galleryFiles(me.id)).toHaveLength(36);
  });

  it('exactly 10 MB is accepted', async () => {
    const me = await createMember(t);
    const res = await upload(t, me, IMAGES, [file(await jpegOfSize(TEN_MB), 'exact.jpg')]);
    expect(res.statusCode, res.body).toBe(201);
    expect(await galleryFiles(me.id)).toHaveLength(3);
  });

  it('one byte over 10 MB is 413 "File {name} is too large (max 10MB)", and the whole upload is refused', async () => {
    const me = await refused();
    const res = await upload(t, me, IMAGES, [file(small, 'fine.jpg'), file(await jpegOfSize(TEN_MB + 1), 'big.jpg')]);
    expect(res.statusCode).toBe(413);
    const message = GALLERY_MESSAGES.tooLarge('big.jpg');
    expect(message).toBe('File big.jpg is too large (max 10MB)');
    expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message, fields: { file: message } } });
    await expectNothingStored(me);
  });

  it('files that are not images are refused by their bytes, and the whole upload with them', async () => {
    const me = await refused();
    const cases: Array<[Part, string]> = [
      [file(fakeJpegHtml(), 'x.jpg', 'image/jpeg'), 'File x.jpg is not an image'],
      [file(svgWithScript(), 'logo.svg', 'image/svg+xml'), 'File logo.svg is not an image'],
      [file(Buffer.from('%PDF-1.4\n'), 'doc.png', 'image/png'), 'File doc.png is not an image'],
    ];
    for (const [bad, message] of cases) {
      const res = await upload(t, me, IMAGES, [file(small, 'good.jpg'), bad]);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toMatchObject({ message, fields: { file: message } });
      await expectNothingStored(me);
    }
  });

  it('a decompression bomb is refused and nothing is stored', async () => {
    const me = await refused();
    const res = await upload(t, me, IMAGES, [file(small, 'good.jpg'), file(await pngBomb(), 'bomb.png', 'image/png')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('bomb.png');
    await expectNothingStored(me);
  });

  it('PNG, WebP, GIF and AVIF are taken too', async () => {
    const me = await createMember(t);
    const res = await upload(t, me, IMAGES, [
      file(await photo(30, 20, 'png'), 'a.png', 'image/png'),
      file(await photo(30, 20, 'webp'), 'a.webp', 'image/webp'),
      file(await photo(30, 20, 'gif'), 'a.gif', 'image/gif'),
      file(await photo(30, 20, 'avif'), 'a.avif', 'image/avif'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items).toHaveLength(4);
  });

  it('no file is a 400; a JSON body is a 400', async () => {
    const me = await refused();
    const none = await upload(t, me, IMAGES, [captions(['x'])]);
    expect(none.statusCode).toBe(400);
    const json = await injectAs(t, me, { method: 'POST', url: IMAGES, payload: { files: [] } });
    expect(json.statusCode).toBe(400);
    await expectNothingStored(me);
  });

  it('access: anonymous 401, deactivated 403, limited members follow upload_images', async () => {
    expect((await upload(t, null, IMAGES, photos(1))).statusCode).toBe(401);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    expect((await upload(t, gone, IMAGES, photos(1))).statusCode).toBe(403);
    await expectNothingStored(gone);

    const limited = await createLimitedMember(t);
    const pending = await applyAs(t);
    await setSettings(t, { limited_users_can_upload_images: 'false' });
    for (const who of [limited, pending]) {
      const res = await upload(t, who, IMAGES, photos(1));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You do not have access to this' } });
      await expectNothingStored(who);
    }
    await setSettings(t, { limited_users_can_upload_images: 'true' });
    expect((await upload(t, limited, IMAGES, photos(1))).statusCode).toBe(201);
    await setSettings(t, { limited_users_can_upload_images: 'false' });
  });
});

describe('DELETE /api/me/images/:id', () => {
  it('removes the record and all three files', async () => {
    const me = await createMember(t);
    const [first, second] = await seed(me, 2);
    const res = await remove(me, first!.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await rows(me.id)).map((r) => r.id)).toEqual([second!.id]);
    const left = await galleryFiles(me.id);
    expect(left).toHaveLength(3);
    expect(left.every((f) => second!.imageUrl.includes(f.replace(/(-\d+)?\.webp$/, '')))).toBe(true);
    expect(await db.select().from(storageDeletions)).toEqual([]);
    expect((await injectAs(t, me, { method: 'GET', url: first!.imageUrl })).statusCode).toBe(404);
  });

  it("another member's photo answers exactly like an unknown id, and stays", async () => {
    const owner = await createMember(t);
    const [photoOfOwner] = await seed(owner, 1);
    const intruder = await createMember(t);
    const foreign = await remove(intruder, photoOfOwner!.id);
    const unknown = await remove(intruder, crypto.randomUUID());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(unknown.statusCode).toBe(404);
    expect(await rows(owner.id)).toHaveLength(1);
    expect(await galleryFiles(owner.id)).toHaveLength(3);
    // Deleting twice: the second time it is unknown.
    expect((await remove(owner, photoOfOwner!.id)).statusCode).toBe(204);
    expect((await remove(owner, photoOfOwner!.id)).json()).toEqual(unknown.json());
  });

  it('a malformed id is a 400; anonymous 401; deactivated 403; limited members need upload_images', async () => {
    const me = await createMember(t);
    const [mine] = await seed(me, 1);
    expect((await remove(me, 'not-a-uuid')).statusCode).toBe(400);
    expect((await remove(null, mine!.id)).statusCode).toBe(401);
    await deactivate(t, me.id);
    expect((await remove(me, mine!.id)).statusCode).toBe(403);
    await deactivate(t, me.id, false);

    const limited = await createLimitedMember(t);
    await setSettings(t, { limited_users_can_upload_images: 'true' });
    const [limitedPhoto] = await seed(limited, 1);
    await setSettings(t, { limited_users_can_upload_images: 'false' });
    expect((await remove(limited, limitedPhoto!.id)).statusCode).toBe(403);
    expect(await rows(limited.id)).toHaveLength(1);
    await setSettings(t, { limited_users_can_upload_images: 'true' });
    expect((await remove(limited, limitedPhoto!.id)).statusCode).toBe(204);
    await setSettings(t, { limited_users_can_upload_images: 'false' });
    expect(await rows(me.id)).toHaveLength(1);
  });
});

describe('PUT /api/me/images/order', () => {
  it('reorders and the new order persists', async () => {
    const me = await createMember(t);
    const items = await seed(me, 3);
    const wanted = [items[2]!.id, items[0]!.id, items[1]!.id];
    const res = await reorder(me, wanted);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual(wanted);
    expect(res.json().items.map((i: { imageOrder: number }) => i.imageOrder)).toEqual([0, 1, 2]);
    expect((await rows(me.id)).map((r) => r.id)).toEqual(wanted);
    const viewer = await createMember(t);
    expect((await list(viewer, me.id)).json().items.map((i: { id: string }) => i.id)).toEqual(wanted);
  });

  it('foreign, missing, unknown or repeated ids are a 400 and nothing moves', async () => {
    const me = await createMember(t);
    const items = await seed(me, 3);
    const ids = items.map((i) => i.id);
    const other = await createMember(t);
    const [foreign] = await seed(other, 1);
    const attempts: unknown[] = [
      [ids[1], ids[0], foreign!.id],
      [ids[1], ids[0]],
      [ids[1], ids[0], ids[2], foreign!.id],
      [ids[1], ids[0], crypto.randomUUID()],
      [ids[1], ids[1], ids[0]],
      [],
      ['not-a-uuid', ids[0], ids[1]],
      'nope',
    ];
    for (const attempt of attempts) {
      const res = await reorder(me, attempt);
      expect(res.statusCode, JSON.stringify(attempt)).toBe(400);
      expect(isErrorBody(res.json())).toBe(true);
      expect(Object.keys(res.json().error.fields).every((k) => k.startsWith('ids')), JSON.stringify(attempt)).toBe(true);
    }
    expect((await rows(me.id)).map((r) => r.id)).toEqual(ids);
    // A foreign id is answered exactly like an unknown one.
    const withForeign = await reorder(me, [ids[1], ids[0], foreign!.id]);
    const withUnknown = await reorder(me, [ids[1], ids[0], crypto.randomUUID()]);
    expect(withForeign.json()).toEqual(withUnknown.json());
    // Another member cannot reorder my photos either.
    const res = await reorder(other, [ids[2], ids[1], ids[0]]);
    expect(res.statusCode).toBe(400);
    expect((await rows(me.id)).map((r) => r.id)).toEqual(ids);
    expect((await rows(other.id)).map((r) => r.id)).toEqual([foreign!.id]);
  });

  it('anonymous 401; deactivated 403', async () => {
    const me = await createMember(t);
    const items = await seed(me, 2);
    const ids = [items[1]!.id, items[0]!.id];
    expect((await reorder(null, ids)).statusCode).toBe(401);
    await deactivate(t, me.id);
    expect((await reorder(me, ids)).statusCode).toBe(403);
    expect((await rows(me.id)).map((r) => r.id)).toEqual([items[0]!.id, items[1]!.id]);
  });
});

describe('a gallery upload aborted mid-file', () => {
  it('removes the photos it had already stored and writes no rows', async () => {
    const me = await createMember(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = multipart([captions(['kept?', 'cut']), file(small, 'first.jpg'), file(await jpegOfSize(3 * 1024 * 1024), 'second.jpg')]);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST ${IMAGES} HTTP/1.1\r\nHost: localhost\r\nCookie: ${me.cookie}\r\n` +
        `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
    );
    // Everything up to the middle of the second file.
    socket.write(body.payload.subarray(0, body.payload.length - 1024 * 1024));
    // The first photo is processed and stored while the second is still arriving...
    await expect.poll(async () => (await galleryFiles(me.id)).length, { timeout: 5000 }).toBe(3);
    // ...then the client goes away.
    socket.destroy();
    await expect.poll(async () => (await galleryFiles(me.id)).length, { timeout: 5000 }).toBe(0);
    expect(await rows(me.id)).toEqual([]);
    expect((await injectAs(t, me, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });
});
