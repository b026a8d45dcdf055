import type { FastifyRequest } from 'fastify';
import { SITE_ASSET_LIMITS, type AllSettings, type Bucket, type SiteAssetKind } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { AppError, badRequest, type ServerMessage } from '../../platform/errors.js';
import { ImageRejected, processSiteAsset, sniffImageFormat } from '../../platform/images.js';
import { publicUrl } from '../../platform/storage/storage.js';
import { multipartParts, readFilePart } from '../../platform/uploads.js';
import { imageRejectedMessage } from '../media/index.js';
import { SITE_ASSETS_ERRORS as M } from './messages.js';

const ASSETS: Record<SiteAssetKind, { bucket: Bucket; setting: 'favicon_url' | 'landing_cover_url'; maxBytes: number; tooLarge: ServerMessage; name: string }> = {
  favicon: { bucket: 'app-assets', setting: 'favicon_url', maxBytes: SITE_ASSET_LIMITS.faviconMaxBytes, tooLarge: M.faviconTooLarge, name: 'favicon' },
  'landing-cover': { bucket: 'landing-covers', setting: 'landing_cover_url', maxBytes: SITE_ASSET_LIMITS.coverMaxBytes, tooLarge: M.coverTooLarge, name: 'cover' },
};

/**
 * Favicon and landing cover uploads (admin Settings): re-encoded by sharp, stored under a timestamped name
 * (spec: "file names carry a timestamp prefix"), then the setting points at it. The previous file, if it was
 * ours, is removed once the setting no longer uses it.
 */
export function createSiteAssetsService(ctx: AppContext) {
  return {
    async upload(request: FastifyRequest, kind: SiteAssetKind, adminId: string): Promise<{ url: string; settings: AllSettings }> {
      const asset = ASSETS[kind];
      for await (const part of multipartParts(request, { maxFileBytes: asset.maxBytes, maxFiles: 1 })) {
        if (part.type !== 'file') continue;
        const file = await readFilePart(part, asset.maxBytes, () => asset.tooLarge);
        const format = sniffImageFormat(file.data.subarray(0, 64));
        if (!format || !['jpeg', 'png', 'webp'].includes(format)) {
          throw new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', M.invalidType, { file: M.invalidType });
        }
        let encoded;
        try {
          encoded = await processSiteAsset(file.data, kind === 'favicon' ? 'favicon' : 'cover');
        } catch (err) {
          if (err instanceof ImageRejected) {
            const message = imageRejectedMessage(err);
            throw badRequest(message, { file: message });
          }
          throw err;
        }
        const key = `${Date.now()}-${asset.name}.${encoded.extension}`;
        await ctx.storage.put(asset.bucket, key, encoded.body, encoded.contentType);
        const url = publicUrl(asset.bucket, key);
        const previous = (await ctx.settings.all())[asset.setting];
        const values: Record<string, string> = { [asset.setting]: url };
        if (kind === 'landing-cover') values.landing_cover_type = 'image';
        const settings = await ctx.settings.update({ settings: values }, adminId);
        const prefix = `/media/${asset.bucket}/`;
        if (previous?.startsWith(prefix) && previous !== url) {
          await ctx.storage.remove(asset.bucket, [previous.slice(prefix.length)]).catch((err: unknown) => {
            request.log.warn({ err }, 'Could not remove the previous site asset');
          });
        }
        return { url, settings };
      }
      throw badRequest(M.noFile, { file: M.noFile });
    },
  };
}
