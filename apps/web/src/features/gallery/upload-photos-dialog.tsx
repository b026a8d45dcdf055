import * as React from 'react';
import { ImagePlusIcon } from 'lucide-react';
import { toast } from 'sonner';
import { GALLERY_IMAGE_TYPES, GALLERY_MESSAGES, LIMITS } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#/components/ui/dialog';
import { Label } from '#/components/ui/label';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useUploadPhotosMutation } from './api';
import { checkGalleryFiles, leftOutMessage } from './check-files';
import { PickRow } from './pick-row';
import { usePhotoPicks } from './use-photo-picks';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

interface UploadPhotosDialogProps {
  profileId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Free slots in the gallery (12 minus the photos it has). */
  freeSlots: number;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Spec 2 and 5: pick photos, caption each (100 characters), upload. Files that are not images or over 10 MB are
 * refused with the spec's messages, and only as many as the free slots are taken. A failed upload keeps everything.
 */
export function UploadPhotosDialog({ profileId, open, onOpenChange, freeSlots, onCloseAutoFocus }: UploadPhotosDialogProps) {
  const { picks, add, remove, setCaption, clear } = usePhotoPicks();
  const [notes, setNotes] = React.useState<string[]>([]);
  const [failure, setFailure] = React.useState<string | null>(null);
  const upload = useUploadPhotosMutation(profileId);
  const room = Math.max(0, freeSlots - picks.length);
  const uploading = upload.isPending;
  const t = useT(catalog);
  const s = useSharedText();

  const reset = () => {
    clear();
    setNotes([]);
    setFailure(null);
  };

  const handleOpenChange = (next: boolean) => {
    if (!next && uploading) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const handleFiles = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Let the same file be chosen again after it was removed.
    event.target.value = '';
    if (files.length === 0) return;
    const check = checkGalleryFiles(files, room);
    add(check.accepted);
    setNotes([...check.errors, ...(check.leftOut > 0 ? [leftOutMessage(check.leftOut, room)] : [])]);
    setFailure(null);
  };

  const handleUpload = () => {
    setFailure(null);
    upload.mutate(
      picks.map(({ file, caption }) => ({ file, caption })),
      {
        onSuccess: (result) => {
          const count = result?.items?.length ?? picks.length;
          toast.success(t('gallery.upload.done', { count }), {
            description: result?.skipped ? leftOutMessage(result.skipped, count) : undefined,
          });
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          toast.error(s(GALLERY_MESSAGES.uploadFailed), { description: errorMessage(error) });
          setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('gallery.add')}</DialogTitle>
          <DialogDescription>{freeSlots > 0 ? t('gallery.upload.room', { freeSlots }) : t('gallery.full', { max: LIMITS.galleryMaxPhotos })}</DialogDescription>
        </DialogHeader>

        <div>
          <input
            id="gallery-files"
            type="file"
            accept={GALLERY_IMAGE_TYPES.join(',')}
            multiple
            className="peer sr-only"
            disabled={room === 0 || uploading}
            onChange={handleFiles}
          />
          <Label
            htmlFor="gallery-files"
            className="flex h-10 w-full cursor-pointer items-center justify-center gap-2 rounded-md border border-dashed px-4 text-sm font-medium hover:bg-accent peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
          >
            <ImagePlusIcon aria-hidden="true" className="size-4" />
            {t('gallery.upload.choose')}
          </Label>
        </div>

        <div aria-live="polite" className="empty:hidden">
          {notes.length > 0 && (
            <ul className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
              {notes.map((note, i) => (
                <li key={i}>{note}</li>
              ))}
            </ul>
          )}
        </div>

        {picks.length > 0 && (
          <ul aria-label={t('gallery.upload.list')} className="grid gap-3">
            {picks.map((pick) => (
              <PickRow
                key={pick.key}
                pick={pick}
                disabled={uploading}
                onCaption={(caption) => setCaption(pick.key, caption)}
                onRemove={() => remove(pick.key)}
              />
            ))}
          </ul>
        )}

        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {s(GALLERY_MESSAGES.uploadFailed)}: {failure}
          </p>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={() => handleOpenChange(false)} disabled={uploading}>
            {t('gallery.upload.cancel')}
          </Button>
          <Button onClick={handleUpload} disabled={picks.length === 0 || uploading}>
            {uploading && <Spinner />}
            {uploading ? t('gallery.upload.uploading') : t('gallery.upload.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
