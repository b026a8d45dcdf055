import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, type ServerMessage } from '../../platform/errors.js';
import { multipartParts, readFilePart, skipPart } from '../../platform/uploads.js';
import { baseOfKey, variantKeys, type MediaService, type StoredImage } from './service.js';
import { MEDIA_ERRORS } from './messages.js';

/** Covers and avatars take what the gallery takes (by the bytes), re-encoded to WebP variants. */
const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif'] as const;

/**
 * Replace one image of a row (a community's cover or avatar, an event's cover), lifted from the communities'
 * files so events reuse it: read the one multipart `file`, check it by its bytes and store its re-encoded variants
 * in post-images under `base`; then, in one transaction, `swap` re-checks the caller's right under the row's lock,
 * writes the new key and answers the old one, whose variants go to the storage_deletions outbox. Anything stored
 * but not kept (a refused second check, a failure) is removed again.
 */
export async function replaceImage(
  deps: { db: Db; media: MediaService; log: FastifyBaseLogger },
  request: FastifyRequest,
  opts: { maxBytes: number; base: string; missing: ServerMessage; swap: (tx: DbOrTx, key: string) => Promise<string | null> },
): Promise<void> {
  const { db, media, log } = deps;
  let stored: StoredImage | null = null;
  try {
    for await (const part of multipartParts(request, { maxFileBytes: opts.maxBytes, maxFiles: 1 })) {
      if (part.type !== 'file') continue;
      if (stored) {
        await skipPart(part);
        continue;
      }
      const file = await readFilePart(part, opts.maxBytes, (name) => MEDIA_ERRORS.tooLarge({ name }));
      if (!file.data.length) throw badRequest(opts.missing, { file: opts.missing });
      const processed = await media.processUpload(file, IMAGE_FORMATS, { notImage: MEDIA_ERRORS.notImage({ name: file.fileName }), namePrefix: false });
      stored = await media.storeVariants('post-images', opts.base, processed);
    }
    if (!stored) throw badRequest(opts.missing, { file: opts.missing });
    const key = stored.key;
    const outbox = await db.transaction(async (tx) => {
      const old = await opts.swap(tx, key);
      return old ? media.scheduleDeletion(tx, variantKeys(baseOfKey(old)).map((k) => ({ bucket: 'post-images' as const, keyOrPrefix: k }))) : [];
    });
    stored = null;
    await media.drainDeletions(outbox).catch((err: unknown) => log.error({ err }, 'Replaced images wait for the next drain'));
  } finally {
    if (stored) await media.removeImage('post-images', stored.key).catch(() => undefined);
  }
}
