import { EVENT_LIMITS, imageVariantUrl, type EventView } from '@bayclub/shared';
import { ImagePicker } from '#/components/image-picker';
import { useEventCoverMutation } from './api';

/** The event's cover: uploads as soon as a file is chosen and says how it went (a failure can be retried). */
export function EventCoverPicker({ event }: { event: EventView }) {
  const upload = useEventCoverMutation(event.id);
  return (
    <ImagePicker
      label="Cover image"
      current={imageVariantUrl(event.coverUrl, 'medium')}
      frameClassName="aspect-[2/1] overflow-hidden rounded-lg border bg-muted"
      hint="Wide, about 2:1."
      uploadedMessage="Cover image updated"
      maxBytes={EVENT_LIMITS.imageMaxBytes}
      upload={(file, result) => upload.mutate(file, result)}
      uploading={upload.isPending}
    />
  );
}
