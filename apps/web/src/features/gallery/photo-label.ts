import type { ProfileImageView } from '@bayclub/shared';

/** The text alternative of a gallery photo: its caption, else its position. */
export const photoLabel = (photo: Pick<ProfileImageView, 'caption'>, index: number, total: number) =>
  photo.caption?.trim() || `Photo ${index + 1} of ${total}`;
