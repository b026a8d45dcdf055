import { COMMUNITY_LIMITS, imageVariantUrl, type CommunityView } from '@bayclub/shared';
import { ImagePicker } from '#/components/image-picker';
import { useT } from '#/lib/i18n';
import { useCommunityImageMutation, type CommunityImageKind } from './api';
import { catalog } from './i18n';

/** Catalogue ids of what an upload says when it is done. */
const UPLOADED: Record<CommunityImageKind, string> = { cover: 'communities.images.coverUpdated', avatar: 'communities.images.avatarUpdated' };

/** Cover and avatar pickers: each uploads as soon as a file is chosen and says how it went. */
export function CommunityImages({ community }: { community: CommunityView }) {
  const t = useT(catalog);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <CommunityImagePicker community={community} kind="cover" label={t('communities.images.cover')} hint={t('communities.images.coverHint')} />
      <CommunityImagePicker community={community} kind="avatar" label={t('communities.images.avatar')} hint={t('communities.images.avatarHint')} />
    </div>
  );
}

function CommunityImagePicker({ community, kind, label, hint }: { community: CommunityView; kind: CommunityImageKind; label: string; hint: string }) {
  const upload = useCommunityImageMutation(community.id);
  const t = useT(catalog);
  return (
    <ImagePicker
      label={label}
      current={imageVariantUrl(kind === 'cover' ? community.coverUrl : community.avatarUrl, 'medium')}
      frameClassName={kind === 'cover' ? 'aspect-[3/1] overflow-hidden rounded-lg border bg-muted' : 'size-24 overflow-hidden rounded-xl border bg-muted'}
      hint={hint}
      uploadedMessage={t(UPLOADED[kind])}
      maxBytes={COMMUNITY_LIMITS.imageMaxBytes}
      upload={(file, result) => upload.mutate({ kind, file }, result)}
      uploading={upload.isPending}
    />
  );
}
