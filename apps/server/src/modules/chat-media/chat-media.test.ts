import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { CHAT_MEDIA_URL, LIMITS, MESSAGING_MESSAGES, attachmentKindOf, type ChatAttachmentView } from '@bayclub/shared';
import {
  TEST_ORIGIN,
  buildTestApp,
  createLimitedMember,
  createMember,
  injectAs,
  isErrorBody,
  setSettings,
  type TestApp,
  type TestUser,
} from '../../test/helpers.js';
import { GPS_MAP_DATUM, XMP_SECRET, animatedGif, fakeJpegHtml, jpegWithGps, photo, pngBomb, svgWithScript } from '../../test/image-fixtures.js';
import { file, filesUnder, jpegOfSize, multipart, upload } from '../../test/multipart.js';
import { chatAttachments, conversations } from '../../db/schema/index.js';
import { CHAT_MEDIA_RATE } from './routes.js';
import { createChatMediaService, UNCLAIMED_TTL_MS } from './service.js';
import { createMediaService } from '../media/service.js';
import { claimAttachments, keyOfChatMediaUrl } from './repository.js';
import {
  LOCATION,
  WEBM,
  box,
  coordinateTraces,
  ebmlTree,
  isoMovie,
  isoTree,
  isoVideo,
  locationBoxes,
  mov,
  mp4,
  webm,
  webmMovie,
  type Movie,
} from '../../test/video-fixtures.js';

const t = await buildTestApp();
const db = t.ctx.database.db;
const uploadsDir = t.ctx.config.uploadsDir;
const MB = 1024 * 1024;
const URL_ = '/api/chat-media';

expect(LIMITS.chatImageMaxBytes).toBe(10 * MB);
expect(LIMITS.chatVideoMaxBytes).toBe(25 * MB);

const send = (who: TestUser | null, data: Buffer, filename = 'file.bin', contentType = 'application/octet-stream', app: TestApp = t) =>
  upload(app, who, URL_, [file(data, filename, contentType)]);
const fetchMedia = (who: TestUser | null, url: string, headers: Record<string, string> = {}) => injectAs(t, who, { method: 'GET', url, headers });
const chatFiles = (userId: string) => filesUnder(path.join(uploadsDir, 'chat-media', userId));
const rowsOf = (userId: string) => db.select().from(chatAttachments).where(eq(chatAttachments.uploaderId, userId));

/** A 201 answer: `{ url, kind }` exactly, the URL in the shape messages accept, its file stored and its row unclaimed. */
async function accepted(who: TestUser, res: Awaited<ReturnType<typeof send>>, kind: ChatAttachmentView['kind']): Promise<string> {
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as ChatAttachmentView;
  expect(Object.keys(body).sort()).toEqual(['kind', 'url']);
  expect(body.kind).toBe(kind);
  expect(body.url).toMatch(CHAT_MEDIA_URL);
  expect(body.url.startsWith(`/media/chat-media/${who.id}/`)).toBe(true);
  expect(attachmentKindOf(body.url)).toBe(kind);
  const key = keyOfChatMediaUrl(body.url)!;
  const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.storageKey, key));
  expect(row).toMatchObject({ uploaderId: who.id, kind, conversationId: null });
  await fs.access(path.join(uploadsDir, 'chat-media', key));
  return body.url;
}

/** A refusal with `fields.file`, and proof that nothing was kept. */
async function refused(who: TestUser, res: Awaited<ReturnType<typeof send>>, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.message).toBe(message);
  expect(res.json().error.fields).toEqual({ file: message });
  expect(isErrorBody(res.json())).toBe(true);
  expect(await chatFiles(who.id)).toEqual([]);
  expect(await rowsOf(who.id)).toEqual([]);
}

async function stored(who: TestUser, url: string): Promise<Buffer> {
  const res = await fetchMedia(who, url);
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
}

async function conversationOf(a: TestUser, b: TestUser): Promise<string> {
  const [p1, p2] = [a.id, b.id].sort();
  const [row] = await db.insert(conversations).values({ participant1Id: p1!, participant2Id: p2! }).returning({ id: conversations.id });
  return row!.id;
}

describe('POST /api/chat-media: images', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('accepts %s from its bytes and re-encodes it to one WebP', async (format) => {
    const me = await createMember(t);
    // The name and the declared type say nothing; the bytes decide.
    const url = await accepted(me, await send(me, await photo(64, 48, format), 'picture.txt', 'text/plain'), 'image');
    expect(url.endsWith('.webp') && !url.endsWith('.gif.webp')).toBe(true);
    const body = await stored(me, url);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(['webp', 64, 48, 1]);
    expect(await chatFiles(me.id)).toHaveLength(1);
  });

  it('scales a wide photo down to 1080 px, keeping its aspect ratio', async () => {
    const me = await createMember(t);
    const url = await accepted(me, await send(me, await photo(2160, 1200)), 'image');
    const meta = await sharp(await stored(me, url)).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 600]);
  });

  it('applies the EXIF orientation and strips EXIF, GPS, XMP and ICC', async () => {
    const me = await createMember(t);
    const url = await accepted(me, await send(me, await jpegWithGps(), 'IMG_0001.JPG', 'image/jpeg'), 'image');
    const body = await stored(me, url);
    const meta = await sharp(body).metadata();
    // Stored 600x400 sideways with orientation 6: displayed (and now stored) 400x600.
    expect([meta.width, meta.height]).toEqual([400, 600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(body.includes(Buffer.from(GPS_MAP_DATUM))).toBe(false);
    expect(body.includes(Buffer.from(XMP_SECRET))).toBe(false);
  });

  it('an animated GIF stays animated, as an animated WebP named .gif.webp (kind gif)', async () => {
    const me = await createMember(t);
    const url = await accepted(me, await send(me, await animatedGif(), 'party.gif', 'image/gif'), 'gif');
    expect(url.endsWith('.gif.webp')).toBe(true);
    const res = await fetchMedia(me, url);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload, { animated: true }).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(3);
    expect([meta.width, meta.pageHeight]).toEqual([40, 40]);
    expect(meta.delay).toEqual([100, 100, 100]);
    // Each frame keeps its colour: red, green, blue.
    const { data, info } = await sharp(res.rawPayload, { animated: true }).raw().toBuffer({ resolveWithObject: true });
    for (let f = 0; f < 3; f++) {
      const at = f * 40 * 40 * info.channels;
      expect([...data.subarray(at, at + 3)].map((v) => v > 200)).toEqual([f === 0, f === 1, f === 2]);
    }
  });

  it('a GIF with one frame is a still image (kind image, .webp)', async () => {
    const me = await createMember(t);
    const url = await accepted(me, await send(me, await photo(30, 20, 'gif'), 'still.gif', 'image/gif'), 'image');
    expect(url.endsWith('.gif.webp')).toBe(false);
    expect((await sharp(await stored(me, url)).metadata()).pages ?? 1).toBe(1);
  });

  it('an image of exactly 10 MB is accepted; one byte more is 413 with the 10 MB message', async () => {
    const me = await createMember(t);
    await accepted(me, await send(me, await jpegOfSize(10 * MB), 'big.jpg', 'image/jpeg'), 'image');
    const other = await createMember(t);
    await refused(other, await send(other, await jpegOfSize(10 * MB + 1), 'huge.jpg', 'image/jpeg'), 413, MESSAGING_MESSAGES.attachmentTooLarge('huge.jpg', 10));
    expect(MESSAGING_MESSAGES.attachmentTooLarge('huge.jpg', 10)).toBe('File huge.jpg is too large (max 10MB)');
    // Far beyond the video limit too: still the image message.
    await refused(other, await send(other, await jpegOfSize(26 * MB), 'huger.jpg'), 413, MESSAGING_MESSAGES.attachmentTooLarge('huger.jpg', 10));
  });

  it('a decompression bomb and a corrupt image are refused with the image messages, nothing kept', async () => {
    const me = await createMember(t);
    await refused(me, await send(me, await pngBomb(), 'bomb.png'), 400, 'This image is too large to process. Please choose a smaller photo.');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(400, 7)]);
    await refused(me, await send(me, png, 'broken.png'), 400, 'This image could not be read. Please choose another photo.');
  });
});

describe('POST /api/chat-media: videos', () => {
  it.each([
    ['MP4', mp4(4096), 'mp4', 'video/mp4'],
    ['MOV', mov(4096), 'mov', 'video/quicktime'],
    ['WebM', webm(4096), 'webm', 'video/webm'],
    ['MP4 behind a vendor major brand', isoVideo(4096, 'XAVC', ['XAVC', 'mp42', 'iso2']), 'mp4', 'video/mp4'],
  ] as const)('accepts %s from its bytes; with no metadata in it, it is stored byte for byte', async (_name, data, extension, contentType) => {
    const me = await createMember(t);
    const url = await accepted(me, await send(me, data, 'clip.dat', 'application/octet-stream'), 'video');
    expect(url.endsWith(`.${extension}`)).toBe(true);
    const res = await fetchMedia(me, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(contentType);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it('a video of exactly 25 MB is accepted; one byte more is 413 with the 25 MB message', async () => {
    const me = await createMember(t);
    const url = await accepted(me, await send(me, mp4(25 * MB), 'long.mp4', 'video/mp4'), 'video');
    expect((await fetchMedia(me, url, { range: 'bytes=0-0' })).headers['content-range']).toBe(`bytes 0-0/${25 * MB}`);
    const other = await createMember(t);
    await refused(other, await send(other, mp4(25 * MB + 1), 'longer.mp4', 'video/mp4'), 413, MESSAGING_MESSAGES.attachmentTooLarge('longer.mp4', 25));
    await refused(other, await send(other, webm(25 * MB + 1), 'longer.webm', 'video/webm'), 413, MESSAGING_MESSAGES.attachmentTooLarge('longer.webm', 25));
  });
});

describe('POST /api/chat-media: videos keep no location', () => {
  /** Every byte the member has in storage, file by file. */
  const storedFiles = async (userId: string) =>
    Promise.all((await chatFiles(userId)).map((name) => fs.readFile(path.join(uploadsDir, 'chat-media', userId, name))));

  const traceIn = (bytes: Buffer) => coordinateTraces().find((t) => bytes.includes(t));

  /** The location as iPhones, Android phones, cameras and editors write it, all in one movie. */
  const locatedMovie = (format: 'mp4' | 'mov'): Movie =>
    isoMovie({
      format,
      top: [locationBoxes.xmpUuid()],
      moov: [
        box('udta', locationBoxes.xyz(), locationBoxes.xmpUdta(), locationBoxes.loci()),
        locationBoxes.appleMeta(),
        locationBoxes.appleMeta(LOCATION, 'utf16'),
      ],
      trak: [box('udta', locationBoxes.xyz())],
      metadataTrack: { sample: LOCATION },
    });

  it.each(['mp4', 'mov'] as const)('%s: ©xyz, Apple keys/ilst, XMP, loci, a track udta and a metadata track are gone; the movie is intact', async (format) => {
    const me = await createMember(t);
    const movie = locatedMovie(format);
    expect(traceIn(movie.file), 'the fixture carries the location').toBeDefined();
    const url = await accepted(me, await send(me, movie.file, `IMG_0042.${format.toUpperCase()}`, 'video/quicktime'), 'video');
    expect(url.endsWith(`.${format}`)).toBe(true);

    const files = await storedFiles(me.id);
    expect(files).toHaveLength(1);
    const body = files[0]!;
    expect(traceIn(body)).toBeUndefined();
    expect((await stored(me, url)).equals(body)).toBe(true);
    // Blanked in place: same size, ftyp, moov and mdat where they were, the frames unchanged.
    expect(body.length).toBe(movie.file.length);
    const [before, after] = [isoTree(movie.file), isoTree(body)];
    expect(after.map((n) => [n.type, n.start, n.end])).toEqual(before.map((n) => [n.type === 'uuid' ? 'free' : n.type, n.start, n.end]));
    expect(after.map((n) => n.type)).toEqual(['ftyp', 'free', 'moov', 'mdat']);
    expect(body.subarray(0, after[0]!.end).equals(movie.file.subarray(0, after[0]!.end))).toBe(true);
    for (const [start, end] of movie.video) expect(body.subarray(start, end).equals(movie.file.subarray(start, end))).toBe(true);
    for (const [start, end] of movie.metadata) expect(body.subarray(start, end).equals(Buffer.alloc(end - start))).toBe(true);
    // The video track and its sample tables are still there to play it.
    const moov = after.find((n) => n.type === 'moov')!;
    const trak = moov.children!.find((n) => n.type === 'trak')!;
    const stbl = trak.children!.find((n) => n.type === 'mdia')!.children!.find((n) => n.type === 'minf')!.children!.find((n) => n.type === 'stbl')!;
    expect(stbl.children!.map((n) => n.type)).toEqual(['stsd', 'stts', 'stsc', 'stsz', 'stco']);
  });

  it.each([
    ['as an editor writes it', false],
    ['as a browser records it (unknown sizes)', true],
  ] as const)('WebM %s: Tags, title, track name and subtitle blocks are gone; the video blocks stay', async (_name, live) => {
    const me = await createMember(t);
    const movie = webmMovie({ live });
    expect(traceIn(movie.file)).toBeDefined();
    const url = await accepted(me, await send(me, movie.file, 'clip.webm', 'video/webm'), 'video');
    expect(url.endsWith('.webm')).toBe(true);
    const [body] = await storedFiles(me.id);
    expect(traceIn(body!)).toBeUndefined();
    expect(body!.length).toBe(movie.file.length);
    for (const [start, end] of movie.video) expect(body!.subarray(start, end).equals(movie.file.subarray(start, end))).toBe(true);
    const tree = ebmlTree(body!);
    expect(tree.map((n) => n.id)).toEqual([WEBM.EBML, WEBM.Segment]);
    const segment = tree[1]!.children!.map((n) => n.id);
    expect(segment).not.toContain(WEBM.Tags);
    expect(segment).toEqual(expect.arrayContaining([WEBM.Info, WEBM.Tracks, WEBM.Cluster]));
  });

  it('a fragmented MP4 whose fragments carry a metadata track is refused with its own message, nothing kept', async () => {
    const me = await createMember(t);
    const file = isoMovie({ metadataTrack: { sample: LOCATION }, fragmentTrack: 2 }).file;
    await refused(me, await send(me, file, 'clip.mp4', 'video/mp4'), 400, MESSAGING_MESSAGES.attachmentVideoMetadata);
  });

  it('malformed containers are refused with the attachment-type message, nothing kept', async () => {
    const me = await createMember(t);
    const movie = locatedMovie('mov');
    const moov = isoTree(movie.file).find((n) => n.type === 'moov')!;
    const pastTheEnd = Buffer.from(movie.file);
    pastTheEnd.writeUInt32BE(movie.file.length, moov.start); // moov claims more than is left
    const childTooBig = Buffer.from(movie.file);
    childTooBig.writeUInt32BE(moov.end, moov.children![1]!.start); // a trak larger than its moov
    const badWebm = Buffer.concat([webmMovie().file, Buffer.from([0x00, 0x81, 0x00])]);
    for (const [name, file] of [['cut.mov', movie.file.subarray(0, movie.file.length - 100)], ['big.mov', pastTheEnd], ['child.mov', childTooBig], ['bad.webm', badWebm]] as const) {
      await refused(me, await send(me, file, name), 400, MESSAGING_MESSAGES.attachmentType);
    }
  });
});

describe('POST /api/chat-media: refusals', () => {
  const typeRefused = MESSAGING_MESSAGES.attachmentType;

  it.each([
    ['HTML renamed .jpg', fakeJpegHtml(), 'photo.jpg', 'image/jpeg'],
    ['HTML renamed .mp4', fakeJpegHtml(), 'clip.mp4', 'video/mp4'],
    ['SVG with a script', svgWithScript(), 'image.svg', 'image/svg+xml'],
    ['SVG renamed .webm', svgWithScript(), 'clip.webm', 'video/webm'],
    ['PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n'.repeat(20)), 'doc.pdf', 'application/pdf'],
    ['Matroska (not WebM)', webm(4096, 'matroska'), 'clip.mkv', 'video/x-matroska'],
    // As iTunes writes it: the generic brands follow the audio one.
    ['M4A audio', isoVideo(4096, 'M4A ', ['M4A ', 'mp42', 'isom']), 'song.m4a', 'audio/mp4'],
    ['3GPP only', isoVideo(4096, '3gp4', ['3gp4']), 'clip.3gp', 'video/3gpp'],
    ['HEIC photo', isoVideo(4096, 'heic', ['mif1', 'heic']), 'IMG.HEIC', 'image/heic'],
    ['HEIC with an ISO brand', isoVideo(4096, 'heic', ['mif1', 'heic', 'iso8']), 'IMG.HEIC', 'image/heic'],
    ['plain text', Buffer.from('just some words, not media at all'), 'notes.txt', 'text/plain'],
    ['an empty file', Buffer.alloc(0), 'empty.jpg', 'image/jpeg'],
    ['a large unknown file', Buffer.alloc(12 * MB, 0x41), 'blob.bin', 'application/octet-stream'],
  ])('%s: 400 with the attachment-type message, nothing kept', async (_name, data, filename, contentType) => {
    const me = await createMember(t);
    await refused(me, await send(me, data, filename, contentType), 400, typeRefused);
  });

  it('a request without a file part is 400 on the file field', async () => {
    const me = await createMember(t);
    const res = await upload(t, me, URL_, [{ name: 'note', value: 'hello' }]);
    await refused(me, res, 400, typeRefused);
  });

  it('malformed multipart bodies are 4xx with an error body, and leave nothing', async () => {
    const me = await createMember(t);
    const head = `--x\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    const cases: Array<[string, string | Buffer, string]> = [
      ['no closing boundary', Buffer.concat([Buffer.from(head), mp4(4096)]), 'multipart/form-data; boundary=x'],
      ['cut inside the headers', '--x\r\nContent-Disposition: form-da', 'multipart/form-data; boundary=x'],
      ['no boundary parameter', `${head}abc\r\n--x--\r\n`, 'multipart/form-data'],
      ['empty body', '', 'multipart/form-data; boundary=x'],
      ['not multipart', 'file=abc', 'application/x-www-form-urlencoded'],
      ['a raw video body', mp4(4096), 'video/mp4'],
      ['too many fields', Array.from({ length: 10 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('') + '--x--\r\n', 'multipart/form-data; boundary=x'],
    ];
    for (const [label, payload, type] of cases) {
      const res = await injectAs(t, me, { method: 'POST', url: URL_, payload, headers: { 'content-type': type } });
      expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
      expect(isErrorBody(res.json()), label).toBe(true);
    }
    expect(await chatFiles(me.id)).toEqual([]);
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it('an upload aborted mid-file leaves no file and no row, and the server keeps serving', async () => {
    const me = await createMember(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = multipart([file(mp4(4 * MB), 'aborted.mp4', 'video/mp4')]);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const answered = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
      socket.on('close', () => resolve(text));
    });
    socket.write(
      `POST ${URL_} HTTP/1.1\r\nHost: localhost\r\nCookie: ${me.cookie}\r\n` +
        `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, 2 * MB));
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    expect(await answered).not.toContain('201');
    // Give the server a moment to finish with the aborted request, then nothing of it may exist.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await chatFiles(me.id)).toEqual([]);
    expect(await rowsOf(me.id)).toEqual([]);
    await accepted(me, await send(me, mp4()), 'video');
  });
});

describe('POST /api/chat-media: who may upload', () => {
  it('anonymous callers get 401, before anything is read', async () => {
    const res = await send(null, mp4());
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('a limited member without the message flag gets 403; with it, the upload works', async () => {
    const limited = await createLimitedMember(t);
    const res = await send(limited, mp4());
    expect(res.statusCode).toBe(403);
    expect(isErrorBody(res.json())).toBe(true);
    expect(await chatFiles(limited.id)).toEqual([]);
    await setSettings(t, { limited_users_can_message: 'true' });
    try {
      await accepted(limited, await send(limited, mp4()), 'video');
    } finally {
      await setSettings(t, { limited_users_can_message: 'false' });
    }
  });

  it('a foreign Origin is refused (CSRF)', async () => {
    const me = await createMember(t);
    const res = await upload(t, me, URL_, [file(mp4())], { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(await chatFiles(me.id)).toEqual([]);
    await accepted(me, await upload(t, me, URL_, [file(mp4())], { headers: { origin: TEST_ORIGIN } }), 'video');
  });

  it(`at most ${CHAT_MEDIA_RATE.max} uploads per member in ${CHAT_MEDIA_RATE.timeWindow}; other members are not affected`, async () => {
    const limitedApp = await buildTestApp({ RATE_LIMIT: true });
    const busy = await createMember(limitedApp);
    const other = await createMember(limitedApp);
    for (let i = 0; i < CHAT_MEDIA_RATE.max; i++) {
      expect((await send(busy, mp4(), 'clip.mp4', 'video/mp4', limitedApp)).statusCode).toBe(201);
    }
    const over = await send(busy, mp4(), 'clip.mp4', 'video/mp4', limitedApp);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect((await send(other, mp4(), 'clip.mp4', 'video/mp4', limitedApp)).statusCode).toBe(201);
    await limitedApp.close();
  });
});

const alice = await createMember(t);
const bob = await createMember(t);
const carol = await createMember(t);
const ab = await conversationOf(alice, bob);
const ac = await conversationOf(alice, carol);

describe('claimAttachments', () => {
  const up = async (who: TestUser, data: Buffer) => (await send(who, data)).json() as ChatAttachmentView;
  const stateOf = async (urls: string[]) => {
    const rows = await db
      .select({ key: chatAttachments.storageKey, conversationId: chatAttachments.conversationId })
      .from(chatAttachments)
      .where(inArray(chatAttachments.storageKey, urls.map((u) => keyOfChatMediaUrl(u)!)));
    return Object.fromEntries(rows.map((r) => [r.key, r.conversationId]));
  };
  const claim = (uploaderId: string, conversationId: string, urls: string[]) =>
    db.transaction((tx) => claimAttachments(tx, { uploaderId, conversationId, urls }));

  it("claims the sender's own files for the conversation and answers their kinds in the order given", async () => {
    const video = await up(alice, mp4());
    const image = await up(alice, await photo(20, 20, 'png'));
    const gif = await up(alice, await animatedGif());
    const urls = [video.url, image.url, gif.url];
    expect(await claim(alice.id, ab, urls)).toEqual(['video', 'image', 'gif']);
    expect(Object.values(await stateOf(urls))).toEqual([ab, ab, ab]);
    // Sending them again in the same conversation (a retried send) is fine; the order is the caller's.
    expect(await claim(alice.id, ab, [gif.url, video.url, gif.url])).toEqual(['gif', 'video', 'gif']);
    expect(await claim(alice.id, ab, [])).toEqual([]);
  });

  it("another member's file is not claimable", async () => {
    const bobs = await up(bob, mp4());
    expect(await claim(alice.id, ab, [bobs.url])).toBeNull();
    expect(await stateOf([bobs.url])).toEqual({ [keyOfChatMediaUrl(bobs.url)!]: null });
  });

  it('a file already sent in another conversation is not claimable', async () => {
    const file1 = await up(alice, mp4());
    expect(await claim(alice.id, ac, [file1.url])).toEqual(['video']);
    expect(await claim(alice.id, ab, [file1.url])).toBeNull();
    expect(await stateOf([file1.url])).toEqual({ [keyOfChatMediaUrl(file1.url)!]: ac });
  });

  it('a mix of claimable and unclaimable URLs is null and changes nothing', async () => {
    const mine = await up(alice, mp4());
    const mine2 = await up(alice, webm());
    const bobs = await up(bob, mov());
    const elsewhere = await up(alice, mp4());
    await claim(alice.id, ac, [elsewhere.url]);
    const unknown = `/media/chat-media/${alice.id}/1700000000000-0123456789abcdef.webp`;
    for (const bad of [bobs.url, elsewhere.url, unknown, '/media/profile-images/x.webp', 'not a url']) {
      expect(await claim(alice.id, ab, [mine.url, bad, mine2.url]), bad).toBeNull();
    }
    expect(await stateOf([mine.url, mine2.url])).toEqual({ [keyOfChatMediaUrl(mine.url)!]: null, [keyOfChatMediaUrl(mine2.url)!]: null });
    expect(await claim(alice.id, ab, [mine.url, mine2.url])).toEqual(['video', 'video']);
  });

  it('two sends racing to claim one file for different conversations: exactly one wins', async () => {
    const contested = await up(alice, mp4());
    const results = await Promise.all([claim(alice.id, ab, [contested.url]), claim(alice.id, ac, [contested.url])]);
    expect(results.filter((r) => r !== null)).toEqual([['video']]);
    const winner = results[0] ? ab : ac;
    expect(await stateOf([contested.url])).toEqual({ [keyOfChatMediaUrl(contested.url)!]: winner });
  });

  it('keyOfChatMediaUrl accepts exactly the URLs messages may carry', () => {
    const key = `${alice.id}/1700000000000-0123456789abcdef.gif.webp`;
    expect(keyOfChatMediaUrl(`/media/chat-media/${key}`)).toBe(key);
    for (const bad of [
      `/media/chat-media/${alice.id}/../x.webp`,
      `/media/profile-images/${key}`,
      `https://example.com/media/chat-media/${key}`,
      `/media/chat-media/${key}?v=1`,
      `/media/chat-media/${alice.id}/1700000000000-abc.html`,
    ]) {
      expect(keyOfChatMediaUrl(bad), bad).toBeNull();
    }
  });
});

describe('unsent attachments are swept', () => {
  it(`after ${UNCLAIMED_TTL_MS / 3_600_000} hours: row and file; sent and recent ones stay`, async () => {
    const service = createChatMediaService(t.ctx, createMediaService({ db, storage: t.ctx.storage, log: t.ctx.log }));
    const member = await createMember(t);
    const conv = await conversationOf(member, alice);
    const upload1 = async () => ((await send(member, mp4())).json() as ChatAttachmentView).url;
    const [oldUnsent, oldSent, recent] = [await upload1(), await upload1(), await upload1()];
    await db.transaction((tx) => claimAttachments(tx, { uploaderId: member.id, conversationId: conv, urls: [oldSent] }));
    const age = (url: string, ms: number) =>
      db
        .update(chatAttachments)
        .set({ createdAt: sql`now() - make_interval(secs => ${ms / 1000})` })
        .where(eq(chatAttachments.storageKey, keyOfChatMediaUrl(url)!));
    await age(oldUnsent, UNCLAIMED_TTL_MS + 60_000);
    await age(oldSent, UNCLAIMED_TTL_MS + 60_000);
    await age(recent, UNCLAIMED_TTL_MS - 60_000);

    expect(await service.sweepUnclaimed()).toBe(1);
    const keys = (await rowsOf(member.id)).map((r) => r.storageKey).sort();
    expect(keys).toEqual([keyOfChatMediaUrl(oldSent)!, keyOfChatMediaUrl(recent)!].sort());
    expect(await chatFiles(member.id)).toEqual(keys.map((k) => k.slice(member.id.length + 1)));
    expect((await fetchMedia(member, oldUnsent)).statusCode).toBe(404);
    // A send naming the swept file is refused (the client says "attach it again").
    expect(await db.transaction((tx) => claimAttachments(tx, { uploaderId: member.id, conversationId: conv, urls: [oldUnsent] }))).toBeNull();
    expect(await service.sweepUnclaimed()).toBe(0);
  });
});

describe('account deletion', () => {
  it("removes the member's chat files and attachment rows, and nobody else's", async () => {
    const leaving = await createMember(t);
    const staying = await createMember(t);
    const conv = await conversationOf(leaving, staying);
    const sent = (await send(leaving, mp4())).json() as ChatAttachmentView;
    await send(leaving, await photo(20, 20));
    const kept = (await send(staying, mp4())).json() as ChatAttachmentView;
    await db.transaction((tx) => claimAttachments(tx, { uploaderId: leaving.id, conversationId: conv, urls: [sent.url] }));
    expect(await chatFiles(leaving.id)).toHaveLength(2);

    const res = await injectAs(t, leaving, { method: 'POST', url: '/api/account/delete', payload: { confirmation: 'DELETE' }, headers: { origin: TEST_ORIGIN } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await chatFiles(leaving.id)).toEqual([]);
    expect(await fs.readdir(path.join(uploadsDir, 'chat-media'))).not.toContain(leaving.id);
    expect(await rowsOf(leaving.id)).toEqual([]);
    expect(await chatFiles(staying.id)).toHaveLength(1);
    expect((await fetchMedia(staying, kept.url)).statusCode).toBe(200);
    // The other participant can no longer open the deleted member's file.
    expect((await fetchMedia(staying, sent.url)).statusCode).toBe(404);
  });
});
