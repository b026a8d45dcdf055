import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { SITE_ASSET_LIMITS, type AllSettings, type Bucket, type SiteAssetKind } from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { AppError, badRequest, type ServerMessage } from '../../platform/errors.js';
import { ImageRejected, processSiteAsset, sniffImageFormat } from '../../platform/images.js';
import { publicUrl } from '../../platform/storage/storage.js';
import { multipartParts, payloadTooLarge, readFilePart, readTypedFilePart, skipPart } from '../../platform/uploads.js';
import {
  sniffVideoFormat,
  stripVideoMetadata,
  VIDEO_SNIFF_BYTES,
  VIDEO_TYPES,
  VideoRejected,
  type VideoFormat,
} from '../../platform/video-metadata/index.js';
import { imageRejectedMessage } from '../media/index.js';
import { SITE_ASSETS_ERRORS as M } from './messages.js';

type ImageAssetKind = Exclude<SiteAssetKind, 'landing-video'>;
type AssetSetting = 'favicon_url' | 'landing_cover_url' | 'verification_badge_url';

const IMAGE_ASSETS: Record<ImageAssetKind, { bucket: Bucket; setting: AssetSetting; maxBytes: number; tooLarge: ServerMessage; name: string; encode: 'favicon' | 'badge' | 'cover' }> = {
  favicon: { bucket: 'app-assets', setting: 'favicon_url', maxBytes: SITE_ASSET_LIMITS.faviconMaxBytes, tooLarge: M.faviconTooLarge, name: 'favicon', encode: 'favicon' },
  'landing-cover': { bucket: 'landing-covers', setting: 'landing_cover_url', maxBytes: SITE_ASSET_LIMITS.coverMaxBytes, tooLarge: M.coverTooLarge, name: 'cover', encode: 'cover' },
  'verification-badge': { bucket: 'app-assets', setting: 'verification_badge_url', maxBytes: SITE_ASSET_LIMITS.badgeMaxBytes, tooLarge: M.badgeTooLarge, name: 'badge', encode: 'badge' },
};

/** Only MP4 and WebM: QuickTime (.mov) plays in Safari but not in Chrome or Firefox, so a visitor would see nothing. */
const LANDING_VIDEO_FORMATS: readonly VideoFormat[] = ['mp4', 'webm'];

interface Stored {
  bucket: Bucket;
  key: string;
  url: string;
}

/**
 * Site asset uploads (admin Settings): favicon, landing cover image, verification badge and landing cover video.
 * Images are re-encoded by sharp; the video keeps its streams but loses its metadata (platform/video-metadata), and
 * its poster, a frame the admin's browser took from it, is re-encoded like the cover image and becomes the cover
 * image (shown while the video loads, to visitors who prefer reduced motion, and if the admin switches back to an
 * image cover). Files are stored under a timestamped name (spec: "file names carry a timestamp prefix"), then the
 * settings point at them in one audited change; files the settings no longer use are removed.
 */
export function createSiteAssetsService(ctx: AppContext) {
  async function encodeImage(data: Buffer, encode: 'favicon' | 'badge' | 'cover') {
    const format = sniffImageFormat(data.subarray(0, 64));
    if (!format || !['jpeg', 'png', 'webp'].includes(format)) {
      throw new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', M.invalidType, { file: M.invalidType });
    }
    try {
      return await processSiteAsset(data, encode);
    } catch (err) {
      if (err instanceof ImageRejected) {
        const message = imageRejectedMessage(err);
        throw badRequest(message, { file: message });
      }
      throw err;
    }
  }

  async function store(bucket: Bucket, name: string, body: Buffer, contentType: string, extension: string): Promise<Stored> {
    const key = `${Date.now()}-${name}.${extension}`;
    await ctx.storage.put(bucket, key, body, contentType);
    return { bucket, key, url: publicUrl(bucket, key) };
  }

  /** Point the settings at the new files, then remove the files they pointed at before (when they were ours). */
  async function commit(
    request: FastifyRequest,
    stored: Stored[],
    values: Partial<Record<AssetSetting | 'landing_video_url' | 'landing_cover_type', string>>,
    admin: { userId: string; email: string },
    label: string,
  ): Promise<AllSettings> {
    const previous = await ctx.settings.all();
    let settings: AllSettings;
    try {
      settings = await ctx.settings.update({ settings: values }, admin, { action: 'asset.upload', label });
    } catch (err) {
      // Nothing points at the new files: do not leave them behind.
      await Promise.all(stored.map((s) => ctx.storage.remove(s.bucket, [s.key]).catch(() => undefined)));
      throw err;
    }
    const replaced = (Object.keys(values) as (keyof typeof values)[])
      .map((setting) => previous[setting])
      .filter((url): url is string => typeof url === 'string' && url.startsWith('/media/') && !stored.some((s) => s.url === url));
    for (const url of replaced) {
      const [bucket, ...rest] = url.slice('/media/'.length).split('/');
      await ctx.storage.remove(bucket as Bucket, [rest.join('/')]).catch((err: unknown) => {
        request.log.warn({ err }, 'Could not remove the previous site asset');
      });
    }
    return settings;
  }

  async function readVideo(part: MultipartFile) {
    const file = await readTypedFilePart(part, {
      headBytes: VIDEO_SNIFF_BYTES,
      classify: (head) => {
        const format = sniffVideoFormat(head);
        return format && LANDING_VIDEO_FORMATS.includes(format) ? { type: format, maxBytes: SITE_ASSET_LIMITS.videoMaxBytes } : null;
      },
      refused: () => new AppError(400, 'UNSUPPORTED_MEDIA_TYPE', M.videoInvalidType, { file: M.videoInvalidType }),
      tooLarge: () => payloadTooLarge(M.videoTooLarge),
    });
    try {
      return { format: file.type, body: stripVideoMetadata(file.type === 'webm' ? 'webm' : 'iso-bmff', file.data) };
    } catch (err) {
      if (!(err instanceof VideoRejected)) throw err;
      ctx.log.info({ reason: err.reason, detail: err.message, format: file.type }, 'Landing video refused');
      throw badRequest(M.videoUnreadable, { file: M.videoUnreadable });
    }
  }

  return {
    async uploadImage(request: FastifyRequest, kind: ImageAssetKind, admin: { userId: string; email: string }): Promise<{ url: string; settings: AllSettings }> {
      const asset = IMAGE_ASSETS[kind];
      for await (const part of multipartParts(request, { maxFileBytes: asset.maxBytes, maxFiles: 1 })) {
        if (part.type !== 'file') continue;
        const file = await readFilePart(part, asset.maxBytes, () => asset.tooLarge);
        const encoded = await encodeImage(file.data, asset.encode);
        const stored = await store(asset.bucket, asset.name, encoded.body, encoded.contentType, encoded.extension);
        const values: Partial<Record<AssetSetting | 'landing_cover_type', string>> = { [asset.setting]: stored.url };
        if (kind === 'landing-cover') values.landing_cover_type = 'image';
        const settings = await commit(request, [stored], values, admin, asset.name);
        return { url: stored.url, settings };
      }
      throw badRequest(M.noFile, { file: M.noFile });
    },

    /**
     * POST /api/admin/assets/landing-video: parts `file` (the video, required) and `poster` (an image, optional).
     * Both are read and checked before anything is stored, so a bad poster never leaves an orphan video.
     */
    async uploadVideo(request: FastifyRequest, admin: { userId: string; email: string }): Promise<{ url: string; posterUrl: string | null; settings: AllSettings }> {
      let video: { format: VideoFormat; body: Buffer } | null = null;
      let poster: Buffer | null = null;
      for await (const part of multipartParts(request, { maxFileBytes: SITE_ASSET_LIMITS.videoMaxBytes, maxFiles: 2, maxFields: 0 })) {
        if (part.type !== 'file') continue;
        if (part.fieldname === 'file' && !video) video = await readVideo(part);
        else if (part.fieldname === 'poster' && !poster) poster = (await readFilePart(part, SITE_ASSET_LIMITS.coverMaxBytes, () => M.coverTooLarge)).data;
        else await skipPart(part);
      }
      if (!video) throw badRequest(M.noFile, { file: M.noFile });
      const encodedPoster = poster ? await encodeImage(poster, 'cover') : null;

      const stored: Stored[] = [];
      const type = VIDEO_TYPES[video.format];
      stored.push(await store('landing-covers', 'video', video.body, type.contentType, type.extension));
      if (encodedPoster) stored.push(await store('landing-covers', 'poster', encodedPoster.body, encodedPoster.contentType, encodedPoster.extension));
      const values: Partial<Record<AssetSetting | 'landing_video_url' | 'landing_cover_type', string>> = {
        landing_video_url: stored[0]!.url,
        landing_cover_type: 'video',
      };
      if (stored[1]) values.landing_cover_url = stored[1].url;
      const settings = await commit(request, stored, values, admin, 'landing video');
      return { url: stored[0]!.url, posterUrl: stored[1]?.url ?? null, settings };
    },
  };
}
