import { imageVariantUrl, type MemberSummary } from '@bayclub/shared';
import { AvatarWithRetry } from './avatar-with-retry';

/** A member's round photo; decorative when their name is shown beside it. */
export function MemberPhoto({ member, className = 'size-10', alt = '' }: { member: MemberSummary; className?: string; alt?: string }) {
  return <AvatarWithRetry src={imageVariantUrl(member.profilePictureUrl, 'small')} alt={alt} className={className} />;
}
