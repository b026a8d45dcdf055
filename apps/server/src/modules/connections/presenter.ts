import type { MemberSummary } from '@bayclub/shared';
import type { profiles } from '../../db/schema/index.js';

type ProfileFields = Pick<typeof profiles.$inferSelect, 'id' | 'fullName' | 'username' | 'profilePictureUrl' | 'isVerified' | 'age' | 'city'>;

/** The few public fields shown on cards and lists (a whitelist: never email or account internals). */
export function presentMember(p: ProfileFields): MemberSummary {
  return {
    id: p.id,
    fullName: p.fullName,
    username: p.username,
    profilePictureUrl: p.profilePictureUrl,
    isVerified: p.isVerified,
    age: p.age,
    city: p.city,
  };
}

export const memberColumns = (t: typeof profiles) => ({
  id: t.id,
  fullName: t.fullName,
  username: t.username,
  profilePictureUrl: t.profilePictureUrl,
  isVerified: t.isVerified,
  age: t.age,
  city: t.city,
});
