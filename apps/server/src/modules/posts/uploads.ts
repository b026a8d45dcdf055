import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { POST_LIMITS, type PostImageUpload } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { multipartParts, readFilePart, skipPart } from '../../platform/uploads.js';
import { canSeeMembers, type Actor } from '../access/index.js';
import { baseOfKey, variantKeys, type FileAccessRule, type MediaService } from '../media/index.js';
import { canReadPostImage } from './policy.js';
import * as repo from './repository.js';
import { POSTS_ERRORS as M } from './messages.js';

/** The gallery's formats (decided from the bytes). */
const POST_IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif'] as const;
export const UNCLAIMED_POST_IMAGE_TTL_MS = POST_LIMITS.unclaimedImageHours * 60 * 60_000;
/** Rows deleted per sweep: a backlog is worked off over several sweeps, never in one long transaction. */
const SWEEP_BATCH = 500;

/** Storage keys of post images: `posts/{uploaderId}/{timestamp}-{random}.webp` (64 random bits: unguessable, never reused). */
export const POST_IMAGE_KEY = /^posts\/[0-9a-f-]{36}\/\d{13}-[0-9a-f]{16}(-480|-160)?\.webp$/;

/** The keys the photos' read rule decides: every post image name and its -480/-160 variants. */
const PHOTO_RULE_KEY = /^posts\/[^/]+\/[^/]+?(-480|-160)?\.webp$/;
/** One post_images row per image, under its large variant's key. */
const largeKeyOf = (key: string) => key.replace(/-(480|160)\.webp$/, '.webp');

/** Who may read a post's photo (canReadPostImage), registered with the media service for post-images. */
export const postPhotoAccess = (db: Db): FileAccessRule => ({
  covers: (key) => PHOTO_RULE_KEY.test(key),
  canRead: async (actor, key) => !!actor && canReadPostImage(actor, await repo.findPostImageAccess(db, largeKeyOf(key), actor.userId)),
});

/**
 * Photos for posts, uploaded one at a time before the post is written (like chat attachments): re-encoded to
 * the three WebP variants like gallery photos, recorded unclaimed in post_images, claimed by the post that
 * names them, and swept after POST_LIMITS.unclaimedImageHours when no post did.
 */
export function createPostImagesService(ctx: AppContext, media: MediaService) {
  const db = ctx.database.db;
  return {
    async upload(request: FastifyRequest, actor: Actor): Promise<PostImageUpload> {
      if (!canSeeMembers(actor)) throw new AppError(403, 'FORBIDDEN', M.notApproved);
      for await (const part of multipartParts(request, { maxFileBytes: POST_LIMITS.imageMaxBytes, maxFiles: 1, maxFields: 2 })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file') {
          await skipPart(part);
          continue;
        }
        const file = await readFilePart(part, POST_LIMITS.imageMaxBytes, (name) => M.imageTooLarge({ name }));
        const processed = await media.processUpload(file, POST_IMAGE_FORMATS, { notImage: M.notImage({ name: file.fileName }), namePrefix: true });
        const base = `posts/${actor.userId}/${Date.now()}-${randomBytes(8).toString('hex')}`;
        const image = await media.storeVariants('post-images', base, processed);
        try {
          await repo.insertPostImage(db, { storageKey: image.key, uploaderId: actor.userId, width: image.width, height: image.height });
        } catch (err) {
          await media.removeImage('post-images', image.key).catch(() => undefined);
          throw err;
        }
        return { key: image.key, url: image.url, width: image.width, height: image.height };
      }
      throw badRequest(M.noFile, { file: M.noFile });
    },

    /**
     * Delete uploads older than `olderThanMs` that no post claimed: rows, and their files through the
     * storage_deletions outbox in the same transaction (a crash never loses one). Answers how many.
     */
    async sweepUnclaimed(olderThanMs: number = UNCLAIMED_POST_IMAGE_TTL_MS): Promise<number> {
      const cutoff = new Date(Date.now() - olderThanMs);
      const { count, outbox } = await db.transaction(async (tx) => {
        const keys = await repo.deleteUnclaimedImages(tx, cutoff, SWEEP_BATCH);
        const entries = keys.flatMap((key) => variantKeys(baseOfKey(key)).map((k) => ({ bucket: 'post-images' as const, keyOrPrefix: k })));
        return { count: keys.length, outbox: await media.scheduleDeletion(tx, entries) };
      });
      await media.drainDeletions(outbox).catch((err: unknown) => ctx.log.error({ err }, 'Unused post images wait for the next drain'));
      return count;
    },
  };
}

export type PostImagesService = ReturnType<typeof createPostImagesService>;
