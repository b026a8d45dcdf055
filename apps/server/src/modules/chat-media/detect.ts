import { sniffImageFormat, type ImageFormat } from '../../platform/images.js';
import { sniffVideoFormat, type VideoFormat } from '../../platform/video-metadata/index.js';

/*
 * What a chat attachment is, decided from its first bytes only (never the file name or the client's MIME
 * type): one of the image formats the sharp pipeline re-encodes, or one of the video containers we store
 * with their metadata blanked. Anything else (HTML, SVG, PDF, Matroska, HEIC, audio-only MP4...) is refused.
 */

export { VIDEO_SNIFF_BYTES as SNIFF_BYTES, VIDEO_TYPES, type VideoFormat } from '../../platform/video-metadata/index.js';

export type ChatFileType = { kind: 'image'; format: ImageFormat } | { kind: 'video'; format: VideoFormat };

/** The chat attachment type from the file's first bytes (SNIFF_BYTES are enough), or null when it is not one. */
export function sniffChatFile(head: Buffer): ChatFileType | null {
  const image = sniffImageFormat(head.subarray(0, 64));
  if (image) return { kind: 'image', format: image };
  const video = sniffVideoFormat(head);
  return video ? { kind: 'video', format: video } : null;
}
