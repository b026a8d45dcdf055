import type { FastifyRequest } from 'fastify';
import { LIMITS, galleryCaptionsSchema, usernameChangeError, type ProfileUpdate } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { AppError, badRequest, conflict, forbidden, notFound, PLATFORM_ERRORS } from '../../platform/errors.js';
import { ImageRejected } from '../../platform/images.js';
import { publicUrl } from '../../platform/storage/storage.js';
import { displayName, multipartParts, readFilePart, readJsonField, skipPart } from '../../platform/uploads.js';
import { uniqueViolation } from '../../platform/sql.js';
import { findProfile, findProfileSeenBy, type Actor } from '../access/index.js';
import { baseOfKey, imageRejectedMessage, variantKeys, type MediaService, type StoredImage } from '../media/index.js';
import { isCommunitySlug, lockSlug } from '../slugs/index.js';
import { canEditSocialLinks, canViewProfile, changedSocialFields } from './policy.js';
import * as repo from './repository.js';
import { PROFILES_ERRORS as M } from './messages.js';

const PICTURE_FORMATS = ['jpeg', 'png', 'webp'] as const;
const GALLERY_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif'] as const;

const noProfile = () => notFound(M.noProfile);


export function createProfilesService(ctx: AppContext, media: MediaService) {
  const db = ctx.database.db;

  async function visibleProfile(actor: Actor, id: string) {
    const found = await findProfileSeenBy(db, id, actor.userId);
    const target = found?.profile ?? null;
    if (!canViewProfile(actor, target)) throw noProfile();
    // A block either way hides the two members from each other, exactly like an unknown profile.
    if (found!.blocked) throw noProfile();
    return target;
  }

  const service = {
    visibleProfile,

    async listImages(actor: Actor, id: string) {
      await visibleProfile(actor, id);
      return repo.listImages(db, id);
    },

    async updateProfile(actor: Actor, input: ProfileUpdate) {
      const current = await findProfile(db, actor.userId);
      if (!current) throw noProfile();
      // A linked Instagram handle is Instagram's word (decision 033): the form cannot retype it, only Disconnect clears it.
      const update = current.instagramOauthConnected ? { ...input, instagramUsername: current.instagramUsername } : input;
      // A reserved name is refused when it is a change; a member who held one before keeps saving it.
      const usernameError = usernameChangeError(current.username, update.username);
      if (usernameError) {
        const message = PLATFORM_ERRORS.schemaMessage({ message: usernameError });
        throw badRequest(message, { username: message });
      }
      if (changedSocialFields(current, update).length && !canEditSocialLinks(actor, await ctx.settings.flags())) {
        throw forbidden(M.socialLinksNotAllowed);
      }
      try {
        const renamed = !!update.username && update.username !== current.username;
        if (!renamed) {
          const row = await repo.updateProfileFields(db, actor.userId, update);
          if (!row) throw noProfile();
          return row;
        }
        // One namespace with community addresses (/{slug}): checked under the name's lock, as a community's is.
        return await db.transaction(async (tx) => {
          await lockSlug(tx, update.username!);
          if (await isCommunitySlug(tx, update.username!)) {
            throw conflict(M.usernameTakenByCommunity, { username: M.usernameTakenByCommunity });
          }
          const row = await repo.updateProfileFields(tx, actor.userId, update);
          if (!row) throw noProfile();
          return row;
        });
      } catch (err) {
        // The unique index settles a race between two members taking the same name: one of them gets this.
        if (uniqueViolation(err)?.includes('username')) throw conflict(M.usernameTaken, { username: M.usernameTaken });
        throw err;
      }
    },

    /**
     * The profile picture pipeline (spec section 4): read at most 5 MB, decide the type from the bytes,
     * re-encode, store as `{userId}/profile.webp` (overwriting), verify the file exists, then point the
     * profile (and a pending application) at it. Every stage is written to the upload log.
     */
    async uploadProfilePicture(request: FastifyRequest, userId: string, opts: { application?: boolean } = {}) {
      let fileName: string | null = null;
      let fileSize: number | null = null;
      let started = false;
      const log = (status: 'started' | 'success' | 'failed', error?: string) =>
        repo.logPictureUpload(db, { userId, fileName, fileSize, status, error }).catch((err: unknown) => {
          request.log.warn({ err }, 'Could not write the upload log');
        });
      try {
        for await (const part of multipartParts(request, { maxFileBytes: LIMITS.profilePictureMaxBytes, maxFiles: 1 })) {
          if (part.type !== 'file') continue;
          fileName = displayName(part.filename);
          started = true;
          await log('started');
          const file = await readFilePart(part, LIMITS.profilePictureMaxBytes, () => M.pictureTooLarge);
          fileSize = file.data.length;
          if (!file.data.length) throw badRequest(M.noFile, { file: M.noFile });
          if (!media.detect(file.data, PICTURE_FORMATS)) {
            throw new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', M.pictureInvalidType, { file: M.pictureInvalidType });
          }
          let stored: StoredImage;
          try {
            stored = await media.storeVariants('profile-pictures', `${userId}/profile`, await media.process(file.data));
          } catch (err) {
            if (err instanceof ImageRejected) {
              const message = imageRejectedMessage(err);
              throw badRequest(message, { file: message });
            }
            throw err;
          }
          if (!(await media.storage.exists('profile-pictures', stored.key))) {
            throw new AppError(500, 'INTERNAL', M.pictureVerificationFailed);
          }
          const url = `${publicUrl('profile-pictures', stored.key)}?v=${Date.now()}`;
          await db.transaction(async (tx) => {
            await repo.setProfilePicture(tx, userId, url);
            if (opts.application) await repo.setPendingApplicationPicture(tx, userId, url);
          });
          await log('success');
          return { profilePictureUrl: url };
        }
        throw badRequest(M.noFile, { file: M.noFile });
      } catch (err) {
        if (started) await log('failed', err instanceof Error ? err.message : String(err));
        throw err;
      }
    },

    /** The Apply form's picture: only while the caller's own application is pending. */
    async uploadApplicationPicture(request: FastifyRequest, userId: string) {
      if (!(await repo.hasPendingApplication(db, userId))) throw forbidden(M.pictureOnlyForPendingApplication);
      return service.uploadProfilePicture(request, userId, { application: true });
    },

    /**
     * Gallery upload: captions first, then the files. Only as many files as there are free slots are taken.
     * Files are processed and stored one at a time (memory stays at one photo); the rows are written in one
     * transaction under a lock on the member's profile, which is what holds the 12-photo limit when several
     * uploads race. Anything not kept ends up deleted again: all or nothing.
     */
    async uploadGalleryImages(request: FastifyRequest, userId: string): Promise<{ rows: repo.ProfileImageRow[]; skipped: number }> {
      const free = LIMITS.galleryMaxPhotos - (await repo.countImages(db, userId));
      if (free <= 0) throw conflict(M.galleryFull);
      let captions: Array<string | null> = [];
      const stored: Array<StoredImage & { caption: string | null }> = [];
      let files = 0;
      let skipped = 0;
      try {
        for await (const part of multipartParts(request, {
          maxFileBytes: LIMITS.galleryPhotoMaxBytes,
          maxFiles: LIMITS.galleryMaxPhotos * 2,
          maxFields: 2,
        })) {
          if (part.type === 'field') {
            if (part.fieldname !== 'captions') continue;
            const result = galleryCaptionsSchema.safeParse(readJsonField(part, M.captionsNotJson));
            if (!result.success) {
              const issue = result.error.issues[0]?.message;
              const message = issue === undefined ? M.captionsInvalid : PLATFORM_ERRORS.schemaMessage({ message: issue });
              throw badRequest(message, { captions: message });
            }
            captions = result.data.map((c) => c ?? null);
            continue;
          }
          const index = files++;
          if (index >= free) {
            skipped++;
            await skipPart(part);
            continue;
          }
          const file = await readFilePart(part, LIMITS.galleryPhotoMaxBytes, (name) => M.galleryPhotoTooLarge({ name }));
          const processed = await media.processUpload(file, GALLERY_FORMATS, { notImage: M.galleryNotImage({ name: file.fileName }), namePrefix: true });
          const base = `${userId}/${Date.now()}-${index}-${Math.random().toString(36).slice(2, 8)}`;
          const image = await media.storeVariants('profile-images', base, processed);
          stored.push({ ...image, caption: captions[index] ?? null });
        }
        if (!files) throw badRequest(M.galleryUploadFailed, { file: M.noFile });

        const rows = await db.transaction(async (tx) => {
          await repo.lockProfile(tx, userId);
          const existing = await repo.listImages(tx, userId);
          const room = Math.max(0, LIMITS.galleryMaxPhotos - existing.length);
          if (room === 0) throw conflict(M.galleryFull);
          const keep = stored.slice(0, room);
          const nextOrder = existing.reduce((max, r) => Math.max(max, r.imageOrder + 1), 0);
          const inserted = await repo.insertImages(
            tx,
            keep.map((img, i) => ({
              userId,
              imageUrl: img.url,
              storageKey: img.key,
              imageOrder: nextOrder + i,
              caption: img.caption,
              width: img.width,
              height: img.height,
            })),
          );
          return inserted;
        });
        const keptKeys = new Set(rows.map((r) => r.storageKey));
        const dropped = stored.filter((s) => !keptKeys.has(s.key));
        await removeStored(dropped);
        return { rows: rows.sort((a, b) => a.imageOrder - b.imageOrder), skipped: skipped + dropped.length };
      } catch (err) {
        await removeStored(stored);
        throw err;
      }

      async function removeStored(list: StoredImage[]) {
        for (const s of list) await media.removeImage('profile-images', s.key).catch(() => undefined);
      }
    },

    async deleteImage(userId: string, id: string) {
      const row = await db.transaction(async (tx) => {
        const deleted = await repo.deleteImage(tx, userId, id);
        if (!deleted) throw notFound(M.photoNotFound);
        const outbox = await media.scheduleDeletion(
          tx,
          variantKeys(baseOfKey(deleted.storageKey)).map((k) => ({ bucket: 'profile-images' as const, keyOrPrefix: k })),
        );
        return { deleted, outbox };
      });
      await media.drainDeletions(row.outbox).catch((err: unknown) => ctx.log.error({ err }, 'Photo files wait for the next drain'));
      return row.deleted;
    },

    async reorderImages(userId: string, ids: string[]) {
      return db.transaction(async (tx) => {
        await repo.lockProfile(tx, userId);
        const current = await repo.listImages(tx, userId);
        const own = new Set(current.map((r) => r.id));
        if (ids.length !== own.size || ids.some((id) => !own.has(id))) {
          throw badRequest(M.reorderEveryPhotoOnce, { ids: M.reorderEveryPhotoOnce });
        }
        await repo.setImageOrder(tx, userId, ids);
        return repo.listImages(tx, userId);
      });
    },
  };
  return service;
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
