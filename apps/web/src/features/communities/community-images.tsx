import { COMMUNITY_LIMITS, imageVariantUrl, type CommunityView } from '@bayclub/shared';
import { ImagePicker } from '#/components/image-picker';
import { useCommunityImageMutation, type CommunityImageKind } from './api';

const UPLOADED: Record<CommunityImageKind, string> = { cover: 'Cover image updated', avatar: 'Avatar updated' };

/** Cover and avatar pickers: each uploads as soon as a file is chosen and says how it went. */
export function CommunityImages({ community }: { community: CommunityView }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <CommunityImagePicker community={community} kind="cover" label="Cover image" hint="Wide, about 3:1." />
      <CommunityImagePicker community={community} kind="avatar" label="Avatar" hint="Square works best." />
    </div>
  );
}

function CommunityImagePicker({ community, kind, label, hint }: { community: CommunityView; kind: CommunityImageKind; label: string; hint: string }) {
  const upload = useCommunityImageMutation(community.id);
  return (
    <ImagePicker
      label={label}
      current={imageVariantUrl(kind === 'cover' ? community.coverUrl : community.avatarUrl, 'medium')}
      frameClassName={kind === 'cover' ? 'aspect-[3/1] overflow-hidden rounded-lg border bg-muted' : 'size-24 overflow-hidden rounded-xl border bg-muted'}
      hint={hint}
      uploadedMessage={UPLOADED[kind]}
      maxBytes={COMMUNITY_LIMITS.imageMaxBytes}
      upload={(file, result) => upload.mutate({ kind, file }, result)}
      uploading={upload.isPending}
    />
  );
}
