import * as React from 'react';
import { Trash2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { imageVariantUrl, LOCATION_LIMITS, LOCATION_MESSAGES, type LocationView } from '@bayclub/shared';
import { checkImageFile, IMAGE_FILE_MESSAGES, ImageFileInput, UploadStatus } from '#/components/image-picker';
import { Button } from '#/components/ui/button';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useLocationPhotoMutations } from './api';
import { catalog } from './i18n';

/**
 * The place's photos (at most 8; the first is the card's): each added as soon as it is chosen, several at once
 * one after the other, and deleted with its own button. Saved at once, apart from the details' Save.
 */
export function LocationPhotosEditor({ place }: { place: LocationView }) {
  const { add, remove } = useLocationPhotoMutations(place.id);
  const t = useT(catalog);
  const s = useSharedText();
  const [problem, setProblem] = React.useState<string | null>(null);
  const [uploading, setUploading] = React.useState(0);
  const pickerId = React.useId();
  const hintId = React.useId();
  const full = place.photos.length >= LOCATION_LIMITS.photosMax;

  const handleFiles = async (files: File[]) => {
    setProblem(null);
    const room = LOCATION_LIMITS.photosMax - place.photos.length;
    if (files.length > room) setProblem(s(LOCATION_MESSAGES.photosFull));
    for (const file of files.slice(0, Math.max(0, room))) {
      const invalid = checkImageFile(file, LOCATION_LIMITS.imageMaxBytes);
      if (invalid) {
        setProblem(`${file.name}: ${invalid}`);
        continue;
      }
      setUploading((n) => n + 1);
      try {
        await add.mutateAsync(file);
        toast.success(s(LOCATION_MESSAGES.photoAdded));
      } catch (error) {
        setProblem(t(IMAGE_FILE_MESSAGES.failed, { reason: errorMessage(error) }));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const handleDelete = (photoId: string, index: number) =>
    remove.mutate(photoId, {
      onSuccess: () => toast.success(s(LOCATION_MESSAGES.photoDeleted)),
      onError: (error) => toast.error(t('locations.photos.deleteFailed', { number: index + 1 }), { description: errorMessage(error) }),
    });

  return (
    <section aria-labelledby={`${pickerId}-title`} className="grid gap-3">
      <h3 id={`${pickerId}-title`} className="font-medium">
        {t('locations.photos.title', { count: place.photos.length, max: LOCATION_LIMITS.photosMax })}
      </h3>
      {place.photos.length > 0 && (
        <ul aria-label={t('locations.photos.editorLabel')} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {place.photos.map((photo, i) => (
            <li key={photo.id} className="relative">
              <img src={imageVariantUrl(photo.url, 'small')} alt={t('locations.photos.thumbAlt', { number: i + 1, first: i === 0 ? 'yes' : 'no' })} className="aspect-square w-full rounded-md object-cover" />
              <Button
                type="button"
                size="icon"
                variant="secondary"
                className="absolute top-1 right-1 size-8"
                aria-label={t('locations.photos.delete', { number: i + 1 })}
                disabled={remove.isPending}
                onClick={() => handleDelete(photo.id, i)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={pickerId} className="text-sm font-medium">
        {t('locations.photos.add')}
      </label>
      <ImageFileInput id={pickerId} describedBy={hintId} multiple disabled={full || uploading > 0} onFiles={(files) => void handleFiles(files)} />
      <UploadStatus id={hintId} uploading={uploading > 0} problem={problem}>
        {full ? s(LOCATION_MESSAGES.photosFull) : t('locations.photos.hint')}
      </UploadStatus>
    </section>
  );
}
