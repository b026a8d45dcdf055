import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import type { Bucket } from '@bayclub/shared';
import { injectAs, type TestApp } from './helpers.js';
import { fakeJpegHtml, photo, svgWithScript } from './image-fixtures.js';
import { ODD_CHARACTERS, deeplyNested, randomString, randomValue, type Random } from './fuzz.js';
import type { Storage } from '../platform/storage/storage.js';

/*
 * Upload helpers for the API tests: multipart bodies built by hand (as a browser sends them), images
 * padded to an exact byte size, and a storage wrapper whose failures a test switches on.
 */

export interface FilePart {
  name?: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}
export interface FieldPart {
  name: string;
  value: string;
  contentType?: string;
}
export type Part = FilePart | FieldPart;

const isFile = (p: Part): p is FilePart => 'data' in p;

/** A multipart/form-data body and its content-type header (the boundary is random per body). */
export function multipart(parts: Part[], boundary = `----bayclub${crypto.randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = isFile(part)
      ? `form-data; name="${part.name ?? 'file'}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = isFile(part) ? (part.contentType ?? 'image/jpeg') : part.contentType;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`, 'utf8'),
      isFile(part) ? part.data : Buffer.from(part.value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, boundary };
}

export const file = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): FilePart => ({ filename, contentType, data });

/** The gallery's `captions` field (sent before the files). */
export const captions = (list: Array<string | null>): FieldPart => ({ name: 'captions', value: JSON.stringify(list) });

/** POST a multipart body as a member (or anonymously with null). */
export function upload(t: TestApp, user: { cookie: string } | null, url: string, parts: Part[], extra: Partial<InjectOptions> = {}) {
  const body = multipart(parts);
  return injectAs(t, user, { method: 'POST', url, payload: body.payload, ...extra, headers: { ...body.headers, ...(extra.headers ?? {}) } });
}

/**
 * A valid JPEG of exactly `bytes` bytes: a small photo with COM (comment) segments inserted after SOI.
 * Decoders skip comments, so sharp reads it like the photo itself.
 */
export async function jpegOfSize(bytes: number, seed = { width: 64, height: 48 }): Promise<Buffer> {
  const base = await photo(seed.width, seed.height, 'jpeg');
  let pad = bytes - base.length;
  if (pad < 0 || (pad > 0 && pad < 4)) throw new Error(`cannot pad a ${base.length}-byte JPEG to ${bytes} bytes`);
  const segments: Buffer[] = [];
  // A segment is FF FE + 2-byte length (which counts itself) + data: 4 to 65537 bytes in total.
  while (pad > 0) {
    let size = Math.min(pad, 65537);
    if (pad - size > 0 && pad - size < 4) size -= 4;
    const segment = Buffer.alloc(size, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(size - 2, 2);
    segments.push(segment);
    pad -= size;
  }
  const out = Buffer.concat([base.subarray(0, 2), ...segments, base.subarray(2)]);
  if (out.length !== bytes) throw new Error(`padded JPEG is ${out.length} bytes, wanted ${bytes}`);
  return out;
}

/** Every file under a folder, as paths relative to it (a missing folder has none). */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string) {
    let entries;
    try {
      entries = await fs.readdir(d, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  }
  await walk(dir);
  return out.sort();
}

export interface Faults {
  /** exists() answers false (the verification step fails). */
  existsFalse?: boolean;
  /** removePrefix() and remove() throw (storage outage while deleting). */
  removeThrows?: boolean;
  /** put() throws. */
  putThrows?: boolean;
}

/** A storage that passes everything to `inner` unless a fault is switched on in `faults`. */
export function faultyStorage(inner: Storage, faults: Faults = {}): Storage & { faults: Faults } {
  const outage = () => new Error('storage outage (test)');
  return {
    faults,
    kind: inner.kind,
    put: (b, k, body, type) => (faults.putThrows ? Promise.reject(outage()) : inner.put(b, k, body, type)),
    get: (b, k) => inner.get(b, k),
    exists: (b, k) => (faults.existsFalse ? Promise.resolve(false) : inner.exists(b, k)),
    list: (b: Bucket, p: string) => inner.list(b, p),
    remove: (b, keys) => (faults.removeThrows ? Promise.reject(outage()) : inner.remove(b, keys)),
    removePrefix: (b, p) => (faults.removeThrows ? Promise.reject(outage()) : inner.removePrefix(b, p)),
    init: () => inner.init(),
    close: () => inner.close(),
  };
}

/** What randomMultipart builds bodies from: a real image (so some bodies get through) and a bomb. */
export interface MultipartFuzzAssets {
  image: Buffer;
  bomb: Buffer;
}

const FIELD_NAMES = ['file', 'file', 'file', 'captions', 'captions', '__proto__', 'constructor', '', 'files[]', 'a"b', 'ﬁle', 'FILE'];
const FILE_TYPES = ['image/jpeg', 'image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', '', 'image/jpeg; charset=x', '\u0000'];

/**
 * A seeded multipart body for the upload routes: mostly well-formed parts with odd names, file names,
 * types, captions and contents, and in a third of the cases the bytes themselves broken (cut short,
 * bytes flipped, boundary wrong or missing).
 */
export function randomMultipart(r: Random, assets: MultipartFuzzAssets): { payload: Buffer; contentType: string; note: string } {
  const notes: string[] = [];
  const parts: Part[] = [];
  if (r.chance(0.4)) {
    const value = r.pick([
      () => JSON.stringify(Array.from({ length: r.int(4) }, () => (r.chance(0.3) ? null : randomString(r).slice(0, 150)))),
      () => JSON.stringify(randomValue(r)) ?? 'undefined',
      () => randomString(r),
      () => '[' + '"x",'.repeat(5000) + '"x"]',
    ])();
    parts.push({ name: 'captions', value, contentType: r.chance(0.2) ? 'application/json' : undefined });
    notes.push(`captions ${value.slice(0, 30)}`);
  }
  const files = r.int(4);
  for (let i = 0; i < files; i++) {
    const data = r.pick<() => Buffer>([
      () => assets.image,
      () => assets.image,
      () => assets.image.subarray(0, r.int(assets.image.length)),
      () => assets.bomb,
      () => fakeJpegHtml(),
      () => svgWithScript(),
      () => Buffer.alloc(0),
      () => Buffer.from(randomString(r)),
      () => Buffer.concat([assets.image.subarray(0, 3), Buffer.from(randomString(r))]),
    ])();
    const filename = r.chance(0.5) ? 'photo.jpg' : randomString(r).slice(0, 300).replace(/"/g, r.chance(0.5) ? '"' : '');
    const name = r.pick(FIELD_NAMES);
    parts.push({ name, filename, contentType: r.pick(FILE_TYPES), data });
    notes.push(`file ${name} ${JSON.stringify(filename.slice(0, 20))} ${data.length}B`);
  }
  if (r.chance(0.1)) parts.push({ name: r.pick(ODD_CHARACTERS), value: randomString(r) });

  const boundary = r.chance(0.9) ? `----fuzz${r.int(1e9)}` : r.pick(['x', '"quoted"', 'a b', '-'.repeat(70), '😀']);
  let { payload } = multipart(parts, boundary);
  let contentType = `multipart/form-data; boundary=${boundary}`;
  switch (r.int(9)) {
    case 0:
      payload = payload.subarray(0, r.int(payload.length));
      notes.push('cut short');
      break;
    case 1: {
      payload = Buffer.from(payload);
      for (let i = 0; i < 1 + r.int(8); i++) payload[r.int(payload.length)] = r.int(256);
      notes.push('bytes flipped');
      break;
    }
    case 2:
      contentType = r.pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=other', 'multipart/mixed; boundary=' + boundary, `multipart/form-data; boundary=${boundary}; boundary=x`]);
      notes.push(`content-type ${contentType}`);
      break;
    case 3:
      payload = Buffer.from(payload.toString('latin1').replace(/\r\n/g, r.chance(0.5) ? '\n' : '\r'), 'latin1');
      notes.push('line ends');
      break;
    default:
  }
  // A header arrives as bytes that Node reads as latin1: send it the way a real client's UTF-8 would look.
  contentType = Buffer.from(contentType, 'utf8').toString('latin1');
  return { payload, contentType, note: notes.join(', ') || 'no parts' };
}

/**
 * Multipart bodies of hostile shape around a valid image, so each gets as far as it can: text the database cannot
 * store in fields (raw, and as JSON escapes that only appear once the field is parsed) and in field names, deeply
 * nested JSON captions, over-long and odd file names.
 */
export function hostileMultipartBodies(image: Buffer): Array<{ parts: Part[]; note: string }> {
  const photoPart = (filename = 'photo.jpg'): FilePart => ({ filename, contentType: 'image/jpeg', data: image });
  // As deep as a field may be long (16 KB): 7,000 levels of arrays, 3,000 of objects.
  const deepArray = deeplyNested(7_000).array;
  const deepObject = deeplyNested(3_000).object;
  const fields: Array<[FieldPart, string]> = [
    [{ name: 'captions', value: '["a\\u0000b"]' }, 'captions with an escaped NUL'],
    [{ name: 'captions', value: '["\\ud800"]' }, 'captions with an escaped high surrogate'],
    [{ name: 'captions', value: '[null,"x\\udc00"]' }, 'captions with an escaped low surrogate'],
    [{ name: 'captions', value: '["a\\u0000b"]', contentType: 'application/json' }, 'JSON-typed captions with an escaped NUL'],
    [{ name: 'captions', value: 'a\u0000b' }, 'a raw NUL in captions'],
    [{ name: 'caption', value: 'x\u0000' }, 'a raw NUL in another field'],
    [{ name: 'n\u0000', value: 'x' }, 'a NUL in a field name'],
    [{ name: 'captions', value: deepArray }, 'captions nested 7,000 deep'],
    [{ name: 'captions', value: deepObject, contentType: 'application/json' }, 'JSON-typed captions nested 3,000 deep'],
  ];
  const names: Array<[string, string]> = [
    ['a'.repeat(256), '256-character file name'],
    [`${'a'.repeat(996)}.jpg`, '1000-character file name'],
    ['a\u0000b.jpg', 'NUL in the file name'],
    ['../../../../etc/passwd', 'a path as file name'],
    ['%00.jpg', 'an escaped NUL as file name'],
    ['\u202egpj.exe', 'a bidi override in the file name'],
  ];
  return [
    ...fields.map(([field, note]) => ({ parts: [field, photoPart()], note })),
    ...names.map(([name, note]) => ({ parts: [photoPart(name)], note })),
  ];
}
