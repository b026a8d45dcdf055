import { z } from 'zod';
import { LIMITS } from './limits.js';

/** Storage buckets of spec section 7, and the members' data archives (issue 24: never served under /media). */
export const BUCKETS = ['profile-pictures', 'profile-images', 'chat-media', 'post-images', 'app-assets', 'landing-covers', 'data-exports'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Spec sections 5 and 8: the picture control and its upload. */
export const PICTURE_MESSAGES = {
  choose: 'Choose Photo',
  upload: 'Upload Photo',
  change: 'Change Photo',
  uploading: 'Uploading...',
  selected: 'Photo selected - ready to submit',
  uploaded: 'Photo uploaded successfully',
  required: 'Profile picture is required',
  invalidType: 'Please select a JPEG, PNG, or WebP image.',
  invalidTypeToast: 'Invalid file type',
  tooLarge: 'Please select an image smaller than 5MB.',
  tooLargeToast: 'File too large',
  uploadFailedToast: 'Upload failed',
  noFile: 'No file selected',
  verificationFailed: 'Upload verification failed - file not found in storage',
  noPublicUrl: 'Failed to generate public URL',
  /** Also used for unreadable and oversized-in-pixels images. */
  unreadable: 'This image could not be read. Please choose another photo.',
  tooManyPixels: 'This image is too large to process. Please choose a smaller photo.',
} as const;

export const uploadFailedMessage = (reason: string) => `Failed to upload profile picture: ${reason}`;

/** Spec sections 5 and 8: the gallery. */
export const GALLERY_MESSAGES = {
  notImage: (name: string) => `File ${name} is not an image`,
  tooLarge: (name: string) => `File ${name} is too large (max 10MB)`,
  uploadFailed: 'Failed to upload photos',
  deleteFailed: 'Failed to delete image',
  full: `Your gallery is full (${LIMITS.galleryMaxPhotos} photos). Delete a photo to add another.`,
  captionTooLong: `Caption must be at most ${LIMITS.captionMax} characters`,
} as const;

/** The client-side check before a picture is uploaded (the server decides from the bytes again). */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;
export const GALLERY_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

export type ImageSize = keyof typeof LIMITS.imageVariantWidths;

/**
 * Every stored image has WebP variants named `{base}.webp` (large, 1080 px wide), `{base}-480.webp` and
 * `{base}-160.webp`. Lists ask for small ones and the viewer for the large one. URLs that are not ours
 * (seeded or external) are returned unchanged.
 */
export function imageVariantUrl(url: string, size: ImageSize): string;
export function imageVariantUrl(url: string | null, size: ImageSize): string | null;
export function imageVariantUrl(url: string | null, size: ImageSize): string | null {
  if (!url || size === 'large' || !url.startsWith('/media/')) return url;
  const width = LIMITS.imageVariantWidths[size];
  return url.replace(/\.webp(\?|$)/, `-${width}.webp$1`);
}

export interface ProfileImageView {
  id: string;
  /** The large variant; use imageVariantUrl for smaller ones. */
  imageUrl: string;
  imageOrder: number;
  mediaType: 'image';
  caption: string | null;
  width: number | null;
  height: number | null;
  createdAt: string;
}

export interface GalleryUploadResult {
  items: ProfileImageView[];
  /** Files beyond the free slots, not taken. */
  skipped: number;
}

export const captionSchema = z
  .string()
  .trim()
  .max(LIMITS.captionMax, { error: GALLERY_MESSAGES.captionTooLong })
  .transform((v) => (v ? v : null));

/** The `captions` part of a gallery upload: a JSON array sent before the files, one entry per file. */
export const galleryCaptionsSchema = z.array(captionSchema.nullable()).max(LIMITS.galleryMaxPhotos * 2);

export const reorderImagesSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'Must be a valid id' }))
    .max(LIMITS.galleryMaxPhotos, { error: `At most ${LIMITS.galleryMaxPhotos} photos` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Each photo can appear once' }),
});
export type ReorderImagesInput = z.infer<typeof reorderImagesSchema>;

export const imageIdParamsSchema = z.object({ id: z.uuid({ error: 'Must be a valid id' }) });

export interface ProfilePictureResult {
  profilePictureUrl: string;
}

/** Spec section 8: favicon and landing cover uploads (admin Settings). */
export const SITE_ASSET_MESSAGES = {
  faviconErrorTitle: 'Upload Error',
  faviconFailed: 'Failed to upload favicon. Please try again.',
  faviconUploaded: 'Favicon Uploaded',
  coverFailed: 'Failed to upload landing cover. Please try again.',
  coverUploaded: 'Landing cover uploaded',
  invalidType: 'Please select a JPEG, PNG, or WebP image.',
  faviconTooLarge: 'Please select an image smaller than 2MB.',
  coverTooLarge: 'Please select an image smaller than 10MB.',
  // Issue 23 (not in the spec's texts): the landing cover video and the verification badge image.
  videoFailed: 'Failed to upload landing video. Please try again.',
  videoUploaded: 'Landing video uploaded',
  videoInvalidType: 'Please select an MP4 or WebM video.',
  videoTooLarge: 'Please select a video smaller than 25MB.',
  videoUnreadable: 'This video could not be read. Please export it again as MP4 or WebM and retry.',
  badgeFailed: 'Failed to upload verification badge. Please try again.',
  badgeUploaded: 'Verification badge uploaded',
  badgeTooLarge: 'Please select an image smaller than 2MB.',
} as const;

export const SITE_ASSET_LIMITS = {
  faviconMaxBytes: 2 * 1024 * 1024,
  coverMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 25 * 1024 * 1024,
  badgeMaxBytes: 2 * 1024 * 1024,
} as const;

/** The landing video's accepted types: MP4 and WebM play in every browser (QuickTime .mov does not). */
export const LANDING_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;

export type SiteAssetKind = 'favicon' | 'landing-cover' | 'landing-video' | 'verification-badge';
