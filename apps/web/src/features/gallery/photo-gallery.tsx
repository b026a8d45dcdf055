import * as React from 'react';
import { ImageIcon, ImagePlusIcon } from 'lucide-react';
import { LIMITS, type ProfileImageView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { useCan } from '#/lib/session/use-session';
import { errorMessage } from '#/lib/api';
import { moveId, useDeletePhotoMutation, useGalleryQuery, useReorderPhotosMutation } from './api';
import { OnceOpened } from '#/components/once-opened';
import { lazyNamed } from '#/lib/lazy-named';
import { GalleryTile } from './gallery-tile';
import { photoLabel } from './photo-label';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

// The viewer, the upload form and the delete confirmation load when first opened (decision 011).
const PhotoViewer = lazyNamed(() => import('./photo-viewer'), 'PhotoViewer');
const UploadPhotosDialog = lazyNamed(() => import('./upload-photos-dialog'), 'UploadPhotosDialog');
const DeletePhotoDialog = lazyNamed(() => import('./delete-photo-dialog'), 'DeletePhotoDialog');

/** Two rows of placeholders while loading: enough to hold the place without a wall of empty slots. */
const SKELETONS = Array.from({ length: 6 }, (_, i) => i);
const GRID = 'grid grid-cols-3 gap-1.5 sm:gap-2';

interface PhotoGalleryProps {
  profileId: string;
  /** The signed-in member's own gallery: may upload, delete and reorder (with the upload_images capability). */
  isOwner: boolean;
}

/**
 * Spec 2: a 3-column grid with room for 12 photos, a viewer, and for the owner upload, delete and reorder. Only
 * the photos show, and for the owner one Add photos tile with the count (decision 012), not the empty slots.
 */
export function PhotoGallery({ profileId, isOwner }: PhotoGalleryProps) {
  const query = useGalleryQuery(profileId);
  const canUpload = useCan('upload_images');
  const canEdit = isOwner && canUpload;
  const t = useT(catalog);

  if (query.isPending) return <GallerySkeleton />;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
        <p className="font-medium">{t('gallery.loadFailed')}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(query.error)}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('gallery.retry')}
        </Button>
      </div>
    );
  }
  const photos = query.data.items;
  if (photos.length === 0 && !canEdit) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center">
        <ImageIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{t('gallery.empty')}</p>
      </div>
    );
  }
  return <GalleryGrid profileId={profileId} photos={photos} canEdit={canEdit} />;
}

function GallerySkeleton() {
  const t = useT(catalog);
  return (
    <div>
      <span role="status" className="sr-only">
        {t('gallery.loading')}
      </span>
      <div className={GRID}>
        {SKELETONS.map((i) => (
          <Skeleton key={i} className="aspect-square" />
        ))}
      </div>
    </div>
  );
}

function GalleryGrid({ profileId, photos, canEdit }: { profileId: string; photos: ProfileImageView[]; canEdit: boolean }) {
  const [viewing, setViewing] = React.useState<number | null>(null);
  const [uploading, setUploading] = React.useState(false);
  const [deleting, setDeleting] = React.useState<{ photo: ProfileImageView; label: string } | null>(null);
  const thumbnails = React.useRef(new Map<string, HTMLButtonElement>());
  // The photo whose thumbnail gets focus back when a dialog closes (null: the Add photos tile).
  const focusTarget = React.useRef<string | null>(null);
  const addButton = React.useRef<HTMLButtonElement>(null);
  const reorder = useReorderPhotosMutation(profileId);
  const remove = useDeletePhotoMutation(profileId);
  const t = useT(catalog);
  const total = photos.length;
  const freeSlots = Math.max(0, LIMITS.galleryMaxPhotos - total);

  const showPhoto = (index: number) => {
    setViewing(index);
    focusTarget.current = photos[index]?.id ?? null;
  };
  // Dialogs opened from here have no trigger of their own: focus goes back to the thumbnail (or Add photos).
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const id = focusTarget.current;
    const thumbnail = id ? thumbnails.current.get(id) : undefined;
    // The Add photos tile is gone once the gallery is full: the last photo takes the focus then.
    const last = photos.length > 0 ? thumbnails.current.get(photos[photos.length - 1]!.id) : undefined;
    (thumbnail ?? addButton.current ?? last)?.focus();
  };
  const openUpload = () => {
    focusTarget.current = null;
    setUploading(true);
  };
  const move = (index: number, delta: -1 | 1) => {
    reorder.mutate(
      moveId(
        photos.map((p) => p.id),
        index,
        index + delta,
      ),
    );
  };

  return (
    <div className="grid gap-3">
      <ul aria-label={t('gallery.list')} className={GRID}>
        {photos.map((photo, slot) => {
          const label = photoLabel(photo, slot, total);
          return (
            <GalleryTile
              key={photo.id}
              photo={photo}
              label={label}
              onOpen={() => showPhoto(slot)}
              thumbnailRef={(node) => {
                if (node) thumbnails.current.set(photo.id, node);
                else thumbnails.current.delete(photo.id);
              }}
              edit={
                canEdit
                  ? {
                      isFirst: slot === 0,
                      isLast: slot === total - 1,
                      onMove: (delta) => move(slot, delta),
                      onDelete: () => {
                        focusTarget.current = photo.id;
                        setDeleting({ photo, label });
                      },
                    }
                  : undefined
              }
            />
          );
        })}
        {canEdit && freeSlots > 0 && <AddPhotosTile ref={addButton} total={total} onClick={openUpload} />}
      </ul>
      {canEdit && freeSlots === 0 && (
        <p className="text-sm text-muted-foreground">
          <span className="tabular-nums">{t('gallery.count', { total, max: LIMITS.galleryMaxPhotos })}</span>. {t('gallery.full', { max: LIMITS.galleryMaxPhotos })}
        </p>
      )}

      <OnceOpened open={viewing !== null}>
        <PhotoViewer
          photos={photos}
          index={viewing !== null && viewing < total ? viewing : null}
          onIndexChange={showPhoto}
          onClose={() => setViewing(null)}
          onCloseAutoFocus={returnFocus}
        />
      </OnceOpened>
      {canEdit && (
        <>
          <OnceOpened open={uploading}>
            <UploadPhotosDialog
              profileId={profileId}
              open={uploading}
              onOpenChange={setUploading}
              freeSlots={freeSlots}
              onCloseAutoFocus={returnFocus}
            />
          </OnceOpened>
          <OnceOpened open={deleting !== null}>
            <DeletePhotoDialog
              label={deleting?.label ?? null}
              onOpenChange={(open) => !open && setDeleting(null)}
              onConfirm={() => {
                if (!deleting) return;
                focusTarget.current = null;
                remove.mutate(deleting.photo.id);
              }}
              onCloseAutoFocus={returnFocus}
            />
          </OnceOpened>
        </>
      )}
    </div>
  );
}

/** The owner's one Add photos tile after the photos, with the count ('3/12') as its description. */
function AddPhotosTile({ ref, total, onClick }: { ref: React.Ref<HTMLButtonElement>; total: number; onClick: () => void }) {
  const countId = React.useId();
  const t = useT(catalog);
  return (
    <li data-slot="gallery-slot" data-state="add" className="aspect-square">
      <button
        ref={ref}
        type="button"
        onClick={onClick}
        aria-label={t('gallery.add')}
        aria-describedby={countId}
        className="flex size-full flex-col items-center justify-center gap-1 rounded-md border border-dashed text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <ImagePlusIcon aria-hidden="true" className="size-6" />
        <span className="text-sm font-medium">{t('gallery.add')}</span>
        <span aria-hidden="true" className="text-xs tabular-nums">{`${total}/${LIMITS.galleryMaxPhotos}`}</span>
        <span id={countId} className="sr-only">
          {t('gallery.count', { total, max: LIMITS.galleryMaxPhotos })}
        </span>
      </button>
    </li>
  );
}
