import { imageVariantUrl, type MemberSummary } from '@bayclub/shared';
import { AvatarWithRetry } from '#/features/profile/avatar-with-retry';

export const memberName = (m: MemberSummary) => m.fullName ?? (m.username ? `@${m.username}` : 'A member');

/** A member's round photo; decorative when their name is shown beside it. */
export function MemberPhoto({ member, className = 'size-10', alt = '' }: { member: MemberSummary; className?: string; alt?: string }) {
  return <AvatarWithRetry src={imageVariantUrl(member.profilePictureUrl, 'small')} alt={alt} className={className} />;
}
