import { PUBLIC_PROFILE_FIELDS, type ProfileImageView, type PublicProfileView } from '@bayclub/shared';
import { presentOwnProfile } from '../me/index.js';
import type { ProfileRow } from '../access/index.js';
import type { ProfileImageRow } from './repository.js';

/** Another member's profile: only the PUBLIC_PROFILE_FIELDS of the owner's own view. */
export function presentPublicProfile(p: ProfileRow, viewerId: string): PublicProfileView {
  const own = presentOwnProfile(p);
  const view = Object.fromEntries(PUBLIC_PROFILE_FIELDS.map((key) => [key, own[key]])) as Omit<PublicProfileView, 'isOwn'>;
  return { ...view, isOwn: p.id === viewerId };
}

export function presentImage(row: ProfileImageRow): ProfileImageView {
  return {
    id: row.id,
    imageUrl: row.imageUrl,
    imageOrder: row.imageOrder,
    mediaType: row.mediaType,
    caption: row.caption,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  };
}
