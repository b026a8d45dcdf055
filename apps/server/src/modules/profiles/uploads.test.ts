import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { LIMITS, PICTURE_MESSAGES } from '@bayclub/shared';
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
import { GPS_MAP_DATUM, XMP_SECRET, fakeJpegHtml, jpegWithGps, photo, pngBomb, svgWithScript } from '../../test/image-fixtures.js';
import { faultyStorage, file, filesUnder, jpegOfSize, multipart, upload } from '../../test/multipart.js';
import { createDiskStorage } from '../../platform/storage/disk.js';
import { membershipApplications, profilePictureUploadLogs, profiles } from '../../db/schema/index.js';

const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bayclub-picture-'));
const storage = faultyStorage(createDiskStorage(uploadsDir));
const t = await buildTestApp({}, { storage });
const db = t.ctx.database.db;
afterAll(() => fs.rm(uploadsDir, { recursive: true, force: true }));

const PICTURE = '/api/me/profile-picture';
const FIVE_MB = LIMITS.profilePictureMaxBytes;
expect(FIVE_MB).toBe(5 * 1024 * 1024);

const jpeg = await photo(320, 240, 'jpeg');
const pictureFiles = (userId: string) => filesUnder(path.join(uploadsDir, 'profile-pictures', userId));
const pictureUrl = async (userId: string) => (await db.select().from(profiles).where(eq(profiles.id, userId)))[0]!.profilePictureUrl;
const logs = (userId: string) =>
  db
    .select()
    .from(profilePictureUploadLogs)
    .where(eq(profilePictureUploadLogs.userId, userId))
    .orderBy(asc(profilePictureUploadLogs.createdAt));

const bodyOf = async (who: TestUser, url: string) => {
  const res = await injectAs(t, who, { method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
};

/** The log entries written since `count` entries existed. */
const newLogs = async (userId: string, count: number) => (await logs(userId)).slice(count);

/** A member whose uploads are all refused (shared by the refusal tests: nothing of theirs is ever stored). */
let refusedMember: TestUser | undefined;
const refused = async () => (refusedMember ??= await createMember(t));

/** The answer to a refused picture and proof that nothing happened: no file, no profile change. */
async function expectRefused(who: TestUser, res: Awaited<ReturnType<typeof upload>>, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(isErrorBody(body)).toBe(true);
  expect(body.error.message).toBe(message);
  if (status !== 500) expect(body.error.fields).toEqual({ file: message });
  expect(await pictureFiles(who.id)).toEqual([]);
  expect(await pictureUrl(who.id)).toBeNull();
}

describe('POST /api/me/profile-picture', () => {
  it('stores three WebP sizes, points the profile at them and logs started + success', async () => {
    const me = await createMember(t);
    const res = await upload(t, me, PICTURE, [file(jpeg, 'me.jpg')]);
    expect(res.statusCode, res.body).toBe(200);
    const { profilePictureUrl } = res.json();
    expect(Object.keys(res.json())).toEqual(['profilePictureUrl']);
    expect(profilePictureUrl).toMatch(new RegExp(`^/media/profile-pictures/${me.id}/profile\\.webp\\?v=\\d+$`));
    expect(await pictureUrl(me.id)).toBe(profilePictureUrl);
    expect(await pictureFiles(me.id)).toEqual(['profile-160.webp', 'profile-480.webp', 'profile.webp']);
    const stored = await sharp(await bodyOf(me, profilePictureUrl)).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 320, height: 240 });
    const small = await sharp(await bodyOf(me, `/media/profile-pictures/${me.id}/profile-160.webp`)).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 160, height: 120 });
    const log = await logs(me.id);
    expect(log.map((l) => l.uploadStatus)).toEqual(['started', 'success']);
    expect(log[1]).toMatchObject({ fileName: 'me.jpg', fileSize: jpeg.length, errorMessage: null });
  });

  it('a new picture replaces the old one under the same name, with a new cache-busting URL', async () => {
    const me = await createMember(t);
    const first = (await upload(t, me, PICTURE, [file(jpeg)])).json().profilePictureUrl;
    await new Promise((r) => setTimeout(r, 5));
    const second = await upload(t, me, PICTURE, [file(await photo(200, 200, 'png'), 'square.png', 'image/png')]);
    expect(second.statusCode).toBe(200);
    expect(second.json().profilePictureUrl).not.toBe(first);
    expect(await pictureFiles(me.id)).toEqual(['profile-160.webp', 'profile-480.webp', 'profile.webp']);
    expect(await sharp(await bodyOf(me, second.json().profilePictureUrl)).metadata()).toMatchObject({ width: 200, height: 200 });
  });

  it('JPEG, PNG and WebP are accepted whatever the name or declared type says', async () => {
    const me = await createMember(t);
    for (const [format, name, type] of [
      ['png', 'a.png', 'image/png'],
      ['webp', 'a.webp', 'image/webp'],
      ['jpeg', 'no-extension', 'application/octet-stream'],
      ['png', 'wrong.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(t, me, PICTURE, [file(await photo(50, 40, format), name, type)]);
      expect(res.statusCode, `${format} as ${name}`).toBe(200);
    }
  });

  it('exactly 5 MB is accepted', async () => {
    const me = await createMember(t);
    const exact = await jpegOfSize(FIVE_MB);
    expect(exact.length).toBe(5 * 1024 * 1024);
    const res = await upload(t, me, PICTURE, [file(exact, 'exact.jpg')]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await logs(me.id))[1]).toMatchObject({ uploadStatus: 'success', fileSize: FIVE_MB });
  });

  it('one byte over 5 MB is 413, nothing is stored and the failure is logged', async () => {
    const me = await refused();
    const count = (await logs(me.id)).length;
    const over = await jpegOfSize(FIVE_MB + 1);
    const res = await upload(t, me, PICTURE, [file(over, 'big.jpg')]);
    await expectRefused(me, res, 413, PICTURE_MESSAGES.tooLarge);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const log = await newLogs(me.id, count);
    expect(log.map((l) => l.uploadStatus)).toEqual(['started', 'failed']);
    expect(log[1]!.errorMessage).toBe(PICTURE_MESSAGES.tooLarge);
    expect(log[1]!.fileName).toBe('big.jpg');
  });

  it('HTML named x.jpg and declared image/jpeg is refused', async () => {
    const me = await refused();
    const count = (await logs(me.id)).length;
    const res = await upload(t, me, PICTURE, [file(fakeJpegHtml(), 'x.jpg', 'image/jpeg')]);
    await expectRefused(me, res, 400, PICTURE_MESSAGES.invalidType);
    const log = await newLogs(me.id, count);
    expect(log.map((l) => [l.uploadStatus, l.errorMessage])).toEqual([
      ['started', null],
      ['failed', PICTURE_MESSAGES.invalidType],
    ]);
  });

  it('SVG, GIF, text and empty files are refused', async () => {
    const me = await refused();
    const cases: Array<[Buffer, string, string, string]> = [
      [svgWithScript(), 'logo.svg', 'image/svg+xml', PICTURE_MESSAGES.invalidType],
      [svgWithScript(), 'logo.png', 'image/png', PICTURE_MESSAGES.invalidType],
      [await photo(20, 20, 'gif'), 'a.gif', 'image/gif', PICTURE_MESSAGES.invalidType],
      [Buffer.from('just text'), 'a.jpg', 'image/jpeg', PICTURE_MESSAGES.invalidType],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'broken.jpg', 'image/jpeg', PICTURE_MESSAGES.unreadable],
      [Buffer.alloc(0), 'empty.jpg', 'image/jpeg', PICTURE_MESSAGES.noFile],
    ];
    for (const [data, name, type, message] of cases) {
      const res = await upload(t, me, PICTURE, [file(data, name, type)]);
      await expectRefused(me, res, 400, message);
    }
  });

  it('a decompression bomb is refused before it is decoded; nothing is stored', async () => {
    const me = await refused();
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const started = Date.now();
    const res = await upload(t, me, PICTURE, [file(bomb, 'bomb.png', 'image/png')]);
    await expectRefused(me, res, 400, PICTURE_MESSAGES.tooManyPixels);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('GPS, camera and XMP metadata never reach the stored files; the EXIF orientation is applied', async () => {
    const me = await createMember(t);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(t, me, PICTURE, [file(original, 'IMG_0001.jpg')]);
    expect(res.statusCode, res.body).toBe(200);
    for (const name of ['profile.webp', 'profile-480.webp', 'profile-160.webp']) {
      const bytes = await bodyOf(me, `/media/profile-pictures/${me.id}/${name}`);
      const meta = await sharp(bytes).metadata();
      expect(meta.format, name).toBe('webp');
      expect(meta.exif, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(meta.icc, name).toBeUndefined();
      expect(meta.orientation ?? 1, name).toBe(1);
      const text = bytes.toString('latin1');
      for (const secret of [GPS_MAP_DATUM, XMP_SECRET, 'TestCam', 'EXIF', 'XMP ']) expect(text, `${name} ${secret}`).not.toContain(secret);
    }
    // Stored sideways (600x400) with orientation 6: displayed upright as 400x600.
    const large = await sharp(await bodyOf(me, `/media/profile-pictures/${me.id}/profile.webp`)).metadata();
    expect([large.width, large.height]).toEqual([400, 600]);
  });

  it('a client file name with a path never reaches the file system', async () => {
    const me = await createMember(t);
    const res = await upload(t, me, PICTURE, [file(jpeg, '../../../etc/passwd\u0000.jpg')]);
    expect(res.statusCode).toBe(200);
    expect(await pictureFiles(me.id)).toEqual(['profile-160.webp', 'profile-480.webp', 'profile.webp']);
    expect((await filesUnder(uploadsDir)).every((f) => !f.includes('passwd'))).toBe(true);
    expect((await logs(me.id))[0]!.fileName).toBe('passwd.jpg');
  });

  it('no file, or not multipart: 400 "No file selected"', async () => {
    const me = await createMember(t);
    const noFile = await upload(t, me, PICTURE, [{ name: 'note', value: 'hello' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.fields).toEqual({ file: PICTURE_MESSAGES.noFile });
    const json = await injectAs(t, me, { method: 'POST', url: PICTURE, payload: { file: 'data:image/png;base64,AAAA' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.fields).toEqual({ file: PICTURE_MESSAGES.noFile });
    const empty = await injectAs(t, me, { method: 'POST', url: PICTURE });
    expect(empty.statusCode).toBe(400);
    expect(await logs(me.id)).toEqual([]);
    expect(await pictureUrl(me.id)).toBeNull();
  });

  it('a second file in the same request is not taken', async () => {
    const me = await createMember(t);
    const res = await upload(t, me, PICTURE, [file(jpeg, 'one.jpg'), file(await photo(30, 30), 'two.jpg')]);
    expect(res.statusCode).toBe(200);
    expect(await sharp(await bodyOf(me, res.json().profilePictureUrl)).metadata()).toMatchObject({ width: 320 });
  });

  it('access: anonymous 401, deactivated 403, limited members follow edit_profile', async () => {
    const anon = await upload(t, null, PICTURE, [file(jpeg)]);
    expect(anon.statusCode).toBe(401);

    const gone = await createMember(t);
    await deactivate(t, gone.id);
    const deactivated = await upload(t, gone, PICTURE, [file(jpeg)]);
    expect(deactivated.statusCode).toBe(403);
    expect(await pictureFiles(gone.id)).toEqual([]);

    const limited = await createLimitedMember(t);
    const pending = await applyAs(t);
    await setSettings(t, { limited_users_can_edit_profile: 'false' });
    for (const who of [limited, pending]) {
      const res = await upload(t, who, PICTURE, [file(jpeg)]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You do not have access to this' } });
      expect(await pictureFiles(who.id)).toEqual([]);
      expect(await logs(who.id)).toEqual([]);
    }
    await setSettings(t, { limited_users_can_edit_profile: 'true' });
    const allowed = await upload(t, limited, PICTURE, [file(jpeg)]);
    expect(allowed.statusCode).toBe(200);
    expect(await pictureFiles(limited.id)).toHaveLength(3);
    await setSettings(t, { limited_users_can_edit_profile: 'false' });
  });

  it('verification failure: 500 with the spec message, logged, profile unchanged', async () => {
    const me = await createMember(t);
    storage.faults.existsFalse = true;
    try {
      const res = await upload(t, me, PICTURE, [file(jpeg, 'verify.jpg')]);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: PICTURE_MESSAGES.verificationFailed } });
    } finally {
      storage.faults.existsFalse = false;
    }
    expect(await pictureUrl(me.id)).toBeNull();
    const log = await logs(me.id);
    expect(log.map((l) => [l.uploadStatus, l.errorMessage])).toEqual([
      ['started', null],
      ['failed', PICTURE_MESSAGES.verificationFailed],
    ]);
  });

  it('a storage outage is a 500 without details, logged as failed', async () => {
    const me = await createMember(t);
    storage.faults.putThrows = true;
    try {
      const res = await upload(t, me, PICTURE, [file(jpeg)]);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    } finally {
      storage.faults.putThrows = false;
    }
    expect(await pictureUrl(me.id)).toBeNull();
    expect((await logs(me.id)).map((l) => l.uploadStatus)).toEqual(['started', 'failed']);
  });
});

describe('POST /api/applications/picture', () => {
  const APP_PICTURE = '/api/applications/picture';

  it('a pending applicant (no flag needed) sets the picture of the application and the profile', async () => {
    await setSettings(t, { limited_users_can_edit_profile: 'false' });
    const applicant = await applyAs(t);
    const res = await upload(t, applicant, APP_PICTURE, [file(jpeg)]);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().profilePictureUrl;
    expect(url).toMatch(new RegExp(`^/media/profile-pictures/${applicant.id}/profile\\.webp\\?v=\\d+$`));
    expect(await pictureUrl(applicant.id)).toBe(url);
    const [app] = await db.select().from(membershipApplications).where(eq(membershipApplications.createdUserId, applicant.id));
    expect(app!.profilePictureUrl).toBe(url);
  });

  it('403 without a pending application, 401 anonymously; the same checks on the file apply', async () => {
    for (const decided of [await createMember(t), await createLimitedMember(t)]) {
      const res = await upload(t, decided, APP_PICTURE, [file(jpeg)]);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect(await pictureFiles(decided.id)).toEqual([]);
    }
    expect((await upload(t, null, APP_PICTURE, [file(jpeg)])).statusCode).toBe(401);
    const applicant = await applyAs(t);
    const html = await upload(t, applicant, APP_PICTURE, [file(fakeJpegHtml(), 'x.jpg')]);
    await expectRefused(applicant, html, 400, PICTURE_MESSAGES.invalidType);
    const big = await upload(t, applicant, APP_PICTURE, [file(await jpegOfSize(FIVE_MB + 1))]);
    await expectRefused(applicant, big, 413, PICTURE_MESSAGES.tooLarge);
  });
});

describe('an upload aborted mid-file', () => {
  it('leaves no file, no profile change, and a failed log entry', async () => {
    const me = await createMember(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = multipart([file(await jpegOfSize(2 * 1024 * 1024), 'aborted.jpg')]);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST ${PICTURE} HTTP/1.1\r\nHost: localhost\r\nCookie: ${me.cookie}\r\n` +
        `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, 1024 * 1024));
    // The server has seen the file part start (logged), then the client goes away.
    await expect.poll(async () => (await logs(me.id)).length, { timeout: 5000 }).toBe(1);
    socket.destroy();
    await expect.poll(async () => (await logs(me.id)).map((l) => l.uploadStatus), { timeout: 5000 }).toEqual(['started', 'failed']);
    expect(await pictureFiles(me.id)).toEqual([]);
    expect(await pictureUrl(me.id)).toBeNull();
    // The server keeps serving.
    const after = await injectAs(t, me, { method: 'GET', url: '/api/me' });
    expect(after.statusCode).toBe(200);
  });
});

describe('malformed multipart bodies are 4xx, never 5xx', () => {
  const raw = (who: TestUser, url: string, payload: string | Buffer, contentType: string) =>
    injectAs(t, who, { method: 'POST', url, payload, headers: { 'content-type': contentType } });
  const head = (name = 'file', filename = 'a.jpg') =>
    `--x\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`;

  it('on both upload routes', async () => {
    const m = await createMember(t);
    const cases: Array<[string, string | Buffer, string]> = [
      ['no closing boundary', Buffer.concat([Buffer.from(head()), jpeg]), 'multipart/form-data; boundary=x'],
      ['cut inside the headers', '--x\r\nContent-Disposition: form-da', 'multipart/form-data; boundary=x'],
      ['no boundary parameter', `${head()}abc\r\n--x--\r\n`, 'multipart/form-data'],
      ['empty boundary', `${head()}abc\r\n--x--\r\n`, 'multipart/form-data; boundary='],
      ['another boundary', `${head()}abc\r\n--x--\r\n`, 'multipart/form-data; boundary=y'],
      ['empty body', '', 'multipart/form-data; boundary=x'],
      ['garbage', '\u0000\u0001\u0002garbage', 'multipart/form-data; boundary=x'],
      ['prototype field name', `--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{}\r\n--x--\r\n`, 'multipart/form-data; boundary=x'],
      ['prototype file name', `${head('__proto__')}abc\r\n--x--\r\n`, 'multipart/form-data; boundary=x'],
      ['JSON-typed field that is not JSON', `--x\r\nContent-Disposition: form-data; name="captions"\r\nContent-Type: application/json\r\n\r\n[nope\r\n--x--\r\n`, 'multipart/form-data; boundary=x'],
      ['too many fields', Array.from({ length: 10 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('') + '--x--\r\n', 'multipart/form-data; boundary=x'],
      ['a field over its size limit', `--x\r\nContent-Disposition: form-data; name="captions"\r\n\r\n["${'c'.repeat(20_000)}"]\r\n--x--\r\n`, 'multipart/form-data; boundary=x'],
      ['many files', Array.from({ length: 30 }, () => `${head()}abc\r\n`).join('') + '--x--\r\n', 'multipart/form-data; boundary=x'],
      ['not multipart at all', 'file=abc', 'application/x-www-form-urlencoded'],
      ['text', 'hello', 'text/plain'],
      ['octet stream', jpeg, 'application/octet-stream'],
      ['image body', jpeg, 'image/jpeg'],
    ];
    for (const url of [PICTURE, '/api/me/images']) {
      for (const [label, payload, type] of cases) {
        const res = await raw(m, url, payload, type);
        expect(res.statusCode, `${url} ${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${label}: ${res.body}`).toBeLessThan(500);
        expect(isErrorBody(res.json()), `${url} ${label}`).toBe(true);
      }
    }
    expect(await pictureFiles(m.id)).toEqual([]);
    expect(await filesUnder(path.join(uploadsDir, 'profile-images', m.id))).toEqual([]);
    expect((await injectAs(t, m, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });
});
