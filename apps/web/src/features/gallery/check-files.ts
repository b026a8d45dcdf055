import { GALLERY_IMAGE_TYPES, LIMITS } from '@bayclub/shared';
import { t } from '#/lib/i18n';
import './i18n';

export interface FileCheck {
  /** Files that may be uploaded, at most `room` of them. */
  accepted: File[];
  /** One message per refused file ('File {name} is not an image' / '... is too large (max 10MB)'). */
  errors: string[];
  /** Good files beyond the free slots, not taken. */
  leftOut: number;
}

const IMAGE_TYPES: readonly string[] = GALLERY_IMAGE_TYPES;

/**
 * Spec 5: images only, 10 MB each, and only as many files as there are free slots. The server checks again.
 * Called from the upload dialog, which has loaded the gallery catalogue.
 */
export function checkGalleryFiles(files: readonly File[], room: number): FileCheck {
  const errors: string[] = [];
  const good: File[] = [];
  for (const file of files) {
    if (!IMAGE_TYPES.includes(file.type)) errors.push(t('gallery.file.notImage', { name: file.name }));
    else if (file.size > LIMITS.galleryPhotoMaxBytes) errors.push(t('gallery.file.tooLarge', { name: file.name }));
    else good.push(file);
  }
  const accepted = good.slice(0, Math.max(0, room));
  return { accepted, errors, leftOut: good.length - accepted.length };
}

/** What to tell the member about good files that did not fit (the upload dialog has loaded the catalogue). */
export function leftOutMessage(leftOut: number, room: number): string {
  return t('gallery.leftOut', { leftOut, room, max: LIMITS.galleryMaxPhotos });
}
