import { EVENT_LIMITS, imageVariantUrl, type EventView } from '@bayclub/shared';
import { ImagePicker } from '#/components/image-picker';
import { useT } from '#/lib/i18n';
import { useEventCoverMutation } from './api';
import { catalog } from './i18n';

/** The event's cover: uploads as soon as a file is chosen and says how it went (a failure can be retried). */
export function EventCoverPicker({ event }: { event: EventView }) {
  const upload = useEventCoverMutation(event.id);
  const t = useT(catalog);
  return (
    <ImagePicker
      label={t('events.cover.label')}
      current={imageVariantUrl(event.coverUrl, 'medium')}
      frameClassName="aspect-[2/1] overflow-hidden rounded-lg border bg-muted"
      hint={t('events.cover.hint')}
      uploadedMessage={t('events.cover.uploaded')}
      maxBytes={EVENT_LIMITS.imageMaxBytes}
      upload={(file, result) => upload.mutate(file, result)}
      uploading={upload.isPending}
    />
  );
}
