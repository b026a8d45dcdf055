import type { ProfileImageView } from '@bayclub/shared';
import { t } from '#/lib/i18n';
import './i18n';

/** The text alternative of a gallery photo: its caption, else its position (shown by components that loaded the catalogue). */
export const photoLabel = (photo: Pick<ProfileImageView, 'caption'>, index: number, total: number) =>
  photo.caption?.trim() || t('gallery.photo.label', { position: index + 1, total });
