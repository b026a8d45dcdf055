import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { BUCKETS, type Bucket } from '@bayclub/shared';
import { Readable } from 'node:stream';
import { assertSafeKey, assertSafePrefix, isSafeKey, resolveRange, type Storage, type StoredObject } from './storage.js';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
};

/**
 * Content type of a stored object, from the extension of the name the server generated.
 * The disk backend keeps no sidecar: our keys always end in the extension of the detected type.
 */
export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

const isMissing = (err: unknown) =>
  err instanceof Error && ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR');

/** Local-disk storage: the object `{bucket}/{key}` is the file `{rootDir}/{bucket}/{key}`. */
export function createDiskStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  function bucketDir(bucket: Bucket): string {
    if (!BUCKETS.includes(bucket)) throw new Error(`Unknown bucket: ${JSON.stringify(bucket)}`);
    return path.join(root, bucket);
  }

  /** Key -> absolute path; refuses anything that would leave the bucket folder (belt and braces after assertSafeKey). */
  function filePath(bucket: Bucket, key: string): string {
    assertSafeKey(key);
    const base = bucketDir(bucket);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return full;
  }

  /** Every file under `dir` as a key relative to `base` (with `/` separators); a missing folder has none. */
  async function walk(base: string, dir: string): Promise<string[]> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) keys.push(...(await walk(base, full)));
      else if (entry.isFile()) keys.push(path.relative(base, full).split(path.sep).join('/'));
    }
    return keys;
  }

  async function list(bucket: Bucket, prefix: string): Promise<string[]> {
    assertSafePrefix(prefix);
    const base = bucketDir(bucket);
    // Walk only the folder the prefix points into: `u1/` -> u1/, `u1/profile` -> u1/.
    const folder = prefix.endsWith('/') ? prefix : path.posix.dirname(prefix);
    const start = folder === '.' ? base : path.resolve(base, folder);
    if (start !== base && !start.startsWith(base + path.sep)) throw new Error(`Unsafe storage prefix: ${JSON.stringify(prefix)}`);
    // Temp files of writes in progress contain `~`, which no key may contain, so isSafeKey hides them.
    return (await walk(base, start)).filter((key) => key.startsWith(prefix) && isSafeKey(key));
  }

  async function remove(bucket: Bucket, keys: string[]): Promise<void> {
    const paths = keys.map((key) => filePath(bucket, key)); // validate all before removing any
    for (const file of paths) {
      try {
        await unlink(file);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
  }

  return {
    kind: 'disk',

    async put(bucket, key, body) {
      const file = filePath(bucket, key);
      const dir = path.dirname(file);
      await mkdir(dir, { recursive: true });
      // Write a temp file next to the target, flush it, then rename over the target: rename is atomic
      // within one file system, so readers see the old file or the new one, never half of one, and a
      // crash leaves at most a stray temp file (never a partial file under the final name).
      const tmp = `${file}~${randomBytes(6).toString('hex')}.tmp`;
      const handle = await open(tmp, 'wx', 0o644);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } catch (err) {
        await handle.close();
        await unlink(tmp).catch(() => undefined);
        throw err;
      }
      await handle.close();
      try {
        await rename(tmp, file);
      } catch (err) {
        await unlink(tmp).catch(() => undefined);
        throw err;
      }
    },

    async get(bucket, key, range): Promise<StoredObject | null> {
      const file = filePath(bucket, key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw err;
      }
      try {
        // fstat of the open handle: size and validator describe exactly the bytes this stream will read,
        // even if a concurrent put renames a new file over the name meanwhile.
        const info = await handle.stat({ bigint: true });
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        const size = Number(info.size);
        const object = {
          size,
          contentType: contentTypeForKey(key),
          // Each put creates a new inode, so inode + size + mtime (ns) changes whenever the content does.
          etag: `"${info.ino.toString(36)}-${info.size.toString(36)}-${info.mtimeNs.toString(36)}"`,
          lastModified: new Date(Number(info.mtimeMs)),
        };
        if (!range) {
          // The stream owns the handle: it closes when the body is read to the end or destroyed, so a
          // caller that decides not to send the body must destroy() it.
          return { ...object, body: handle.createReadStream() };
        }
        const bytes = resolveRange(range, size);
        if (!bytes) {
          await handle.close();
          return { ...object, body: Readable.from([]), range: null };
        }
        return { ...object, body: handle.createReadStream({ start: bytes.start, end: bytes.end }), range: bytes };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async exists(bucket, key) {
      const file = filePath(bucket, key);
      try {
        return (await stat(file)).isFile();
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    list,
    remove,

    async removePrefix(bucket, prefix) {
      assertSafePrefix(prefix);
      if (prefix.endsWith('/')) {
        // A folder prefix (`{userId}/`, account deletion): remove the folder with everything in it.
        const dir = path.resolve(bucketDir(bucket), prefix);
        if (!dir.startsWith(bucketDir(bucket) + path.sep)) throw new Error(`Unsafe storage prefix: ${JSON.stringify(prefix)}`);
        await rm(dir, { recursive: true, force: true });
        return;
      }
      await remove(bucket, await list(bucket, prefix));
    },

    async init() {
      for (const bucket of BUCKETS) await mkdir(path.join(root, bucket), { recursive: true });
    },

    async close() {},
  };
}
