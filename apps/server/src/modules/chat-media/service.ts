import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LIMITS, type AttachmentKind, type ChatAttachmentView } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { ImageRejected, processSingleImage } from '../../platform/images.js';
import { publicUrl } from '../../platform/storage/storage.js';
import { multipartParts, payloadTooLarge, readTypedFilePart } from '../../platform/uploads.js';
import { stripVideoMetadata, VideoRejected } from '../../platform/video-metadata/index.js';
import { imageRejectedMessage, type MediaService } from '../media/index.js';
import { SNIFF_BYTES, sniffChatFile, VIDEO_TYPES, type ChatFileType, type VideoFormat } from './detect.js';
import * as repo from './repository.js';
import { CHAT_MEDIA_ERRORS as M } from './messages.js';

const MB = 1024 * 1024;

/**
 * An attachment never sent is deleted after this long (a member who attached a file and then left the
 * chat). A send that names it later gets MESSAGING_MESSAGES.attachmentInvalid ("attach it again").
 */
export const UNCLAIMED_TTL_MS = 24 * 60 * 60_000;
/** Rows deleted per sweep: a backlog is worked off over several sweeps, never in one long transaction. */
const SWEEP_BATCH = 500;

/** The limit of each kind of file, in bytes and as the message says it (10 and 25 MB). */
const limitOf = (type: ChatFileType) => (type.kind === 'image' ? LIMITS.chatImageMaxBytes : LIMITS.chatVideoMaxBytes);

const refused = () =>
  new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', M.attachmentType, { file: M.attachmentType });

/**
 * `{timestamp}-{random}`: unguessable (64 random bits) and never reused, so a stored attachment is immutable
 * and cacheable for a year. Matches CHAT_MEDIA_URL.
 */
const newName = () => `${Date.now()}-${randomBytes(8).toString('hex')}`;

interface Encoded {
  kind: AttachmentKind;
  body: Buffer;
  extension: string;
  contentType: string;
}

export function createChatMediaService(ctx: AppContext, media: MediaService) {
  const db = ctx.database.db;

  /**
   * Images are re-encoded by sharp to one WebP at most 1080 px wide (EXIF rotation, no metadata, pixel
   * limit); an animated GIF or WebP keeps its animation as an animated WebP (`.gif.webp`, kind gif).
   * Videos are not transcoded (the app runs with Node alone) but stored with their metadata blanked in
   * place: location, dates, titles and every track other than video and sound (platform/video-metadata).
   * The media route serves them with their container's type, nosniff and a sandbox CSP, so they can only
   * ever play as video.
   */
  async function encode(type: ChatFileType, data: Buffer): Promise<Encoded> {
    if (type.kind === 'video') return { kind: 'video', body: withoutMetadata(type.format, data), ...VIDEO_TYPES[type.format] };
    try {
      const image = await processSingleImage(data, { maxWidth: LIMITS.imageVariantWidths.large, keepAnimation: true });
      return image.animated
        ? { kind: 'gif', body: image.body, extension: 'gif.webp', contentType: 'image/webp' }
        : { kind: 'image', body: image.body, extension: 'webp', contentType: 'image/webp' };
    } catch (err) {
      if (err instanceof ImageRejected) {
        const message = imageRejectedMessage(err);
        throw badRequest(message, { file: message });
      }
      throw err;
    }
  }

  /**
   * A container that does not hold together is refused like any file that is not a video; one whose
   * metadata cannot be removed safely gets a message of its own.
   */
  function withoutMetadata(format: VideoFormat, data: Buffer): Buffer {
    try {
      return stripVideoMetadata(format === 'webm' ? 'webm' : 'iso-bmff', data);
    } catch (err) {
      if (!(err instanceof VideoRejected)) throw err;
      ctx.log.info({ reason: err.reason, detail: err.message, format }, 'Chat video refused');
      if (err.reason === 'malformed') throw refused();
      throw badRequest(M.attachmentVideoMetadata, { file: M.attachmentVideoMetadata });
    }
  }

  return {
    /**
     * POST /api/chat-media: one `file` part, its type decided from the bytes, its limit (10 MB images,
     * 25 MB videos) enforced while reading. The file is stored under `{userId}/`, then its row written
     * (unclaimed: no conversation yet); if the row cannot be written the file is removed again.
     */
    async upload(request: FastifyRequest, userId: string): Promise<ChatAttachmentView> {
      for await (const part of multipartParts(request, { maxFileBytes: LIMITS.chatVideoMaxBytes, maxFiles: 1, maxFields: 2 })) {
        if (part.type !== 'file') continue;
        const file = await readTypedFilePart(part, {
          headBytes: SNIFF_BYTES,
          classify: (head) => {
            const type = sniffChatFile(head);
            return type ? { type, maxBytes: limitOf(type) } : null;
          },
          refused,
          tooLarge: (name, type) => payloadTooLarge(M.attachmentTooLarge({ name, mb: limitOf(type) / MB })),
        });
        const encoded = await encode(file.type, file.data);
        const key = `${userId}/${newName()}.${encoded.extension}`;
        await media.storage.put('chat-media', key, encoded.body, encoded.contentType);
        try {
          await repo.insertAttachment(db, { storageKey: key, uploaderId: userId, kind: encoded.kind });
        } catch (err) {
          await media.storage.remove('chat-media', [key]).catch(() => undefined);
          throw err;
        }
        return { url: publicUrl('chat-media', key), kind: encoded.kind };
      }
      throw badRequest(M.attachmentType, { file: M.attachmentType });
    },

    /**
     * Delete attachments uploaded more than `olderThanMs` ago and never sent: rows and files, the files
     * through the storage_deletions outbox (recorded with the rows, so a crash never loses one). Answers how
     * many were deleted.
     */
    async sweepUnclaimed(olderThanMs: number = UNCLAIMED_TTL_MS): Promise<number> {
      const cutoff = new Date(Date.now() - olderThanMs);
      const { count, outbox } = await db.transaction(async (tx) => {
        const keys = await repo.deleteUnclaimed(tx, cutoff, SWEEP_BATCH);
        return { count: keys.length, outbox: await media.scheduleDeletion(tx, keys.map((keyOrPrefix) => ({ bucket: 'chat-media' as const, keyOrPrefix }))) };
      });
      await media.drainDeletions(outbox).catch((err: unknown) => ctx.log.error({ err }, 'Unsent chat files wait for the next drain'));
      return count;
    },
  };
}

export type ChatMediaService = ReturnType<typeof createChatMediaService>;
