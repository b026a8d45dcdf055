import * as React from 'react';
import { ImageIcon } from 'lucide-react';
import { EVENT_LIMITS, GALLERY_IMAGE_TYPES, imageVariantUrl, type EventView } from '@bayclub/shared';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useEventCoverMutation } from './api';

export const COVER_MESSAGES = {
  notImage: 'Choose a JPEG, PNG, WebP, GIF or AVIF image',
  tooLarge: 'The image is too large (max 10MB)',
  failed: (reason: string) => `Upload failed: ${reason}`,
  uploaded: 'Cover image updated',
} as const;

/** The client's checks (the server decides from the bytes again): an image type, 10 MB at most. */
function checkCover(file: File): string | null {
  if (!(GALLERY_IMAGE_TYPES as readonly string[]).includes(file.type)) return COVER_MESSAGES.notImage;
  if (file.size > EVENT_LIMITS.imageMaxBytes) return COVER_MESSAGES.tooLarge;
  return null;
}

/** The event's cover: uploads as soon as a file is chosen and says how it went (a failure can be retried). */
export function EventCoverPicker({ event }: { event: EventView }) {
  const upload = useEventCoverMutation(event.id);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [done, setDone] = React.useState(false);
  const inputId = React.useId();
  const messageId = React.useId();
  const current = imageVariantUrl(event.coverUrl, 'medium');

  const handleFile = (file: File | undefined) => {
    setDone(false);
    if (!file) return;
    const invalid = checkCover(file);
    setProblem(invalid);
    if (invalid) return;
    upload.mutate(file, {
      onSuccess: () => setDone(true),
      onError: (error) => setProblem(COVER_MESSAGES.failed(errorMessage(error))),
    });
  };

  return (
    <div className="grid content-start gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        Cover image
      </label>
      <div className="aspect-[2/1] overflow-hidden rounded-lg border bg-muted">
        {current ? (
          <img src={current} alt="Current cover image" className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-muted-foreground">
            <ImageIcon aria-hidden="true" className="size-6" />
          </span>
        )}
      </div>
      <input
        id={inputId}
        type="file"
        accept={GALLERY_IMAGE_TYPES.join(',')}
        aria-describedby={messageId}
        disabled={upload.isPending}
        className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
        onChange={(e) => {
          handleFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p id={messageId} className="text-sm text-muted-foreground" aria-live="polite">
        {upload.isPending ? (
          <span className="inline-flex items-center gap-1.5">
            <Spinner className="size-3.5" /> Uploading...
          </span>
        ) : problem ? (
          <span role="alert" className="text-destructive">
            {problem}
          </span>
        ) : done ? (
          <span className="text-success">{COVER_MESSAGES.uploaded}</span>
        ) : (
          'Wide, about 2:1. JPEG, PNG, WebP, GIF or AVIF, up to 10MB.'
        )}
      </p>
    </div>
  );
}
