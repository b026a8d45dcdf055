import type { DirectoryCardView } from '@bayclub/shared';
import type { DirectoryRow } from './repository.js';

/** A directory card: a whitelist of public fields (never email, bio text or account internals). */
export function presentCard(row: DirectoryRow): DirectoryCardView {
  return {
    id: row.id,
    fullName: row.full_name,
    username: row.username,
    profilePictureUrl: row.profile_picture_url,
    isVerified: row.is_verified,
    age: row.age,
    city: row.city,
    interests: row.interests,
    sharedInterests: row.shared,
    linkedInstagram: row.linked_instagram,
  };
}
