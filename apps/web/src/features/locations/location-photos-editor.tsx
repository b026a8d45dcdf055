import * as React from 'react';
import { Trash2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { GALLERY_IMAGE_TYPES, imageVariantUrl, LOCATION_LIMITS, LOCATION_MESSAGES, type LocationView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useLocationPhotoMutations } from './api';

export const PHOTO_MESSAGES = {
  notImage: 'Choose a JPEG, PNG, WebP, GIF or AVIF image',
  tooLarge: 'The image is too large (max 10MB)',
  failed: (reason: string) => `Upload failed: ${reason}`,
} as const;

/** The client's checks (the server decides from the bytes again): an image type, 10 MB at most. */
export function checkPhoto(file: File): string | null {
  if (!(GALLERY_IMAGE_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.notImage;
  if (file.size > LOCATION_LIMITS.imageMaxBytes) return PHOTO_MESSAGES.tooLarge;
  return null;
}

/**
 * The place's photos (at most 8; the first is the card's): each added as soon as it is chosen, several at once
 * one after the other, and deleted with its own button. Saved at once, apart from the details' Save.
 */
export function LocationPhotosEditor({ place }: { place: LocationView }) {
  const { add, remove } = useLocationPhotoMutations(place.id);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [uploading, setUploading] = React.useState(0);
  const inputId = React.useId();
  const hintId = React.useId();
  const full = place.photos.length >= LOCATION_LIMITS.photosMax;

  const handleFiles = async (files: File[]) => {
    setProblem(null);
    const room = LOCATION_LIMITS.photosMax - place.photos.length;
    if (files.length > room) setProblem(LOCATION_MESSAGES.photosFull);
    for (const file of files.slice(0, Math.max(0, room))) {
      const invalid = checkPhoto(file);
      if (invalid) {
        setProblem(`${file.name}: ${invalid}`);
        continue;
      }
      setUploading((n) => n + 1);
      try {
        await add.mutateAsync(file);
        toast.success(LOCATION_MESSAGES.photoAdded);
      } catch (error) {
        setProblem(PHOTO_MESSAGES.failed(errorMessage(error)));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const handleDelete = (photoId: string, index: number) =>
    remove.mutate(photoId, {
      onSuccess: () => toast.success(LOCATION_MESSAGES.photoDeleted),
      onError: (error) => toast.error(`Could not delete photo ${index + 1}`, { description: errorMessage(error) }),
    });

  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-3">
      <h3 id={`${inputId}-title`} className="font-medium">
        Photos ({place.photos.length}/{LOCATION_LIMITS.photosMax})
      </h3>
      {place.photos.length > 0 && (
        <ul aria-label="Photos of the place" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {place.photos.map((photo, i) => (
            <li key={photo.id} className="relative">
              <img src={imageVariantUrl(photo.url, 'small')} alt={`Photo ${i + 1}${i === 0 ? ' (shown on the card)' : ''}`} className="aspect-square w-full rounded-md object-cover" />
              <Button
                type="button"
                size="icon"
                variant="secondary"
                className="absolute top-1 right-1 size-8"
                aria-label={`Delete photo ${i + 1}`}
                disabled={remove.isPending}
                onClick={() => handleDelete(photo.id, i)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={inputId} className="text-sm font-medium">
        Add photos
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={GALLERY_IMAGE_TYPES.join(',')}
        aria-describedby={hintId}
        disabled={full || uploading > 0}
        className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
        onChange={(e) => {
          void handleFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <p id={hintId} className="text-sm text-muted-foreground" aria-live="polite">
        {uploading > 0 ? (
          <span className="inline-flex items-center gap-1.5">
            <Spinner className="size-3.5" /> Uploading...
          </span>
        ) : problem ? (
          <span role="alert" className="text-destructive">
            {problem}
          </span>
        ) : full ? (
          LOCATION_MESSAGES.photosFull
        ) : (
          'JPEG, PNG, WebP, GIF or AVIF, up to 10MB each. The first photo is shown on the card.'
        )}
      </p>
    </section>
  );
}
