import { asc, eq, inArray, sql } from 'drizzle-orm';
import { isProfileId, type Bucket } from '@bayclub/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { storageDeletions } from '../../db/schema/index.js';
import { ImageRejected, processImage, sniffImageFormat, type ImageFormat, type ProcessedImage } from '../../platform/images.js';
import { AppError, badRequest, type ServerMessage } from '../../platform/errors.js';
import { MEDIA_ERRORS } from './messages.js';
import { publicUrl, type ByteRange, type Storage, type StoredObject } from '../../platform/storage/storage.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../access/index.js';
import { canReadChatMedia, canReadMedia, MEMBER_BUCKETS } from './policy.js';
import { findChatMediaAccess, findMediaOwner } from './repository.js';

/**
 * A module's rule for some files of a bucket whose readers only that module knows (posts: a post's photos follow
 * the post). Registered with the media service at start-up, as modules publish their bus events; asked before the
 * bucket's own rule (canReadMedia), which still applies.
 */
export interface FileAccessRule {
  /** Whether this rule decides the file at `key`. */
  covers(key: string): boolean;
  /** May this caller read it? A refusal looks like a missing file (404). */
  canRead(actor: Actor | null, key: string): Promise<boolean>;
}

export interface StoredImage {
  /** Key of the large variant; the others are `{base}-480.webp` and `{base}-160.webp`. */
  key: string;
  url: string;
  width: number;
  height: number;
}

/** Every key an image stored under `base` occupies. */
export const variantKeys = (base: string) => [`${base}.webp`, `${base}-480.webp`, `${base}-160.webp`];

/** `{userId}/{timestamp}-{index}` style base from a large-variant key. */
export const baseOfKey = (key: string) => key.replace(/\.webp$/, '');

/** The 400 message for an image sharp refused (after the file's name when one is given). */
export function imageRejectedMessage(err: ImageRejected, name?: string): ServerMessage {
  const tooManyPixels = err.reason === 'too_many_pixels';
  if (name === undefined) return tooManyPixels ? MEDIA_ERRORS.tooManyPixels : MEDIA_ERRORS.unreadable;
  return tooManyPixels ? MEDIA_ERRORS.namedTooManyPixels({ name }) : MEDIA_ERRORS.namedUnreadable({ name });
}

export function createMediaService(deps: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const { db, storage, log } = deps;
  const fileRules = new Map<Bucket, FileAccessRule[]>();

  return {
    storage,

    /** Add a module's rule for some files of `bucket` (see FileAccessRule). */
    registerFileAccess(bucket: Bucket, rule: FileAccessRule) {
      fileRules.set(bucket, [...(fileRules.get(bucket) ?? []), rule]);
    },

    /** The image format from the file's bytes when it is one of `allowed`, else null. */
    detect(data: Buffer, allowed: readonly ImageFormat[]): ImageFormat | null {
      const format = sniffImageFormat(data.subarray(0, 64));
      return format && allowed.includes(format) ? format : null;
    },

    process(data: Buffer): Promise<ProcessedImage> {
      return processImage(data);
    },

    /**
     * An uploaded photo (gallery, post, community cover) checked by its bytes and re-encoded, or a 400 on `file`:
     * `notImage` when the bytes are none of `allowed`, the pipeline's reason (after the file's name when
     * `namePrefix`) when sharp refuses it.
     */
    async processUpload(
      file: { data: Buffer; fileName: string },
      allowed: readonly ImageFormat[],
      opts: { notImage: ServerMessage; namePrefix: boolean },
    ): Promise<ProcessedImage> {
      if (!this.detect(file.data, allowed)) throw new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', opts.notImage, { file: opts.notImage });
      try {
        return await processImage(file.data);
      } catch (err) {
        if (err instanceof ImageRejected) {
          const message = imageRejectedMessage(err, opts.namePrefix ? file.fileName : undefined);
          throw badRequest(message, { file: message });
        }
        throw err;
      }
    },

    /** Write the variants of a processed image under `base`; on failure nothing is left behind. */
    async storeVariants(bucket: Bucket, base: string, image: ProcessedImage): Promise<StoredImage> {
      const written: string[] = [];
      try {
        for (const v of image.variants) {
          const key = `${base}${v.suffix}.webp`;
          await storage.put(bucket, key, v.body, 'image/webp');
          written.push(key);
        }
      } catch (err) {
        await storage.remove(bucket, written).catch(() => undefined);
        throw err;
      }
      const large = image.variants.find((v) => v.suffix === '') ?? image.variants[0]!;
      const key = `${base}.webp`;
      return { key, url: publicUrl(bucket, key), width: large.width, height: large.height };
    },

    /**
     * A stored file as this reader may see it, whole or only the bytes of `range`; null when it does not exist or
     * they may not see it (the same answer, so nobody learns which files exist). The key must already be safe.
     * Chat files follow their conversation (canReadChatMedia); files a module registered a rule for follow it too
     * (posts' photos); member buckets follow their owner (canReadMedia).
     */
    async open(bucket: Bucket, key: string, actor: Actor | null, range?: ByteRange): Promise<StoredObject | null> {
      if (bucket === 'chat-media' && !canReadChatMedia(actor, await findChatMediaAccess(db, key))) return null;
      for (const rule of fileRules.get(bucket) ?? []) {
        if (rule.covers(key) && !(await rule.canRead(actor, key))) return null;
      }
      let owner: { id: string; isDeactivated: boolean } | null = null;
      if (MEMBER_BUCKETS.has(bucket)) {
        const ownerId = key.split('/')[0]!;
        if (isProfileId(ownerId)) owner = await findMediaOwner(db, ownerId.toLowerCase());
      }
      if (!canReadMedia(bucket, actor, owner, key)) return null;
      return storage.get(bucket, key, range);
    },

    async removeImage(bucket: Bucket, largeKey: string) {
      await storage.remove(bucket, variantKeys(baseOfKey(largeKey)));
    },

    /** Record files to delete in the caller's transaction (see drainDeletions); returns the outbox ids. */
    async scheduleDeletion(tx: DbOrTx, entries: Array<{ bucket: Bucket; keyOrPrefix: string }>): Promise<string[]> {
      if (!entries.length) return [];
      const rows = await tx.insert(storageDeletions).values(entries).returning({ id: storageDeletions.id });
      return rows.map((r) => r.id);
    },

    /**
     * Remove the files recorded by scheduleDeletion. A request drains only the `ids` it just scheduled (an
     * older entry that keeps failing never slows it down); start-up drains everything left, so a crash
     * between commit and removal never leaves a deleted member's files behind.
     */
    async drainDeletions(ids?: string[]): Promise<number> {
      if (ids && !ids.length) return 0;
      const pending = await db
        .select()
        .from(storageDeletions)
        .where(ids ? inArray(storageDeletions.id, ids) : undefined)
        .orderBy(asc(storageDeletions.createdAt))
        .limit(500);
      let done = 0;
      for (const entry of pending) {
        try {
          const bucket = entry.bucket as Bucket;
          if (entry.keyOrPrefix.endsWith('/')) await storage.removePrefix(bucket, entry.keyOrPrefix);
          else await storage.remove(bucket, [entry.keyOrPrefix]);
          await db.delete(storageDeletions).where(eq(storageDeletions.id, entry.id));
          done++;
        } catch (err) {
          log.error({ err, entry: entry.id }, 'Could not delete stored files; will retry');
          await db
            .update(storageDeletions)
            .set({ attempts: sql`${storageDeletions.attempts} + 1` })
            .where(eq(storageDeletions.id, entry.id));
        }
      }
      return done;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
