import * as React from 'react';
import { ChevronLeftIcon, ChevronRightIcon, ImageOffIcon } from 'lucide-react';
import { imageVariantUrl, type ProfileImageView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#/components/ui/dialog';
import { photoLabel } from './photo-label';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

export { photoLabel };

/** A horizontal swipe of at least this many pixels turns the page. */
const SWIPE_MIN = 50;
/** A downward swipe of at least this many pixels closes the viewer (phones). */
const SWIPE_CLOSE_MIN = 80;

type Swipe = 'next' | 'previous' | 'close' | null;

/** What a pointer's travel from down to up means: mostly sideways turns the page, mostly down closes. */
export function swipeOf(dx: number, dy: number): Swipe {
  if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(dy)) return dx < 0 ? 'next' : 'previous';
  if (dy >= SWIPE_CLOSE_MIN && dy > Math.abs(dx)) return 'close';
  return null;
}

interface PhotoViewerProps {
  photos: ProfileImageView[];
  /** The photo shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Return focus to the thumbnail of the photo last shown. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The gallery viewer: the large variant with its caption and 'n / m'. Full screen on phones, a dialog on wider
 * screens. Previous/Next buttons, the arrow keys and a swipe (pointer events: touch, pen or mouse) move between
 * photos, wrapping around; a swipe down or Escape (Radix Dialog) closes.
 */
export function PhotoViewer({ photos, index, onIndexChange, onClose, onCloseAutoFocus }: PhotoViewerProps) {
  const total = photos.length;
  const photo = index !== null ? photos[index] : undefined;
  const swipeStart = React.useRef<{ id: number; x: number; y: number } | null>(null);
  /** The pointers down on the photo: two or more are a pinch (the browser zooms), never a swipe. */
  const pointersDown = React.useRef(new Set<number>());
  const [broken, setBroken] = React.useState<string | null>(null);
  const t = useT(catalog);

  const go = (delta: number) => {
    if (index === null || total < 2) return;
    onIndexChange((index + delta + total) % total);
  };

  const handleKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };

  const handlePointerDown = (event: React.PointerEvent) => {
    pointersDown.current.add(event.pointerId);
    // A second finger makes the gesture a pinch until every finger is lifted.
    swipeStart.current = pointersDown.current.size === 1 ? { id: event.pointerId, x: event.clientX, y: event.clientY } : null;
  };

  const handlePointerUp = (event: React.PointerEvent) => {
    pointersDown.current.delete(event.pointerId);
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const swipe = swipeOf(event.clientX - start.x, event.clientY - start.y);
    if (swipe === 'next') go(1);
    else if (swipe === 'previous') go(-1);
    else if (swipe === 'close') onClose();
  };

  return (
    <Dialog open={photo !== undefined} onOpenChange={(open) => !open && onClose()}>
      {photo && index !== null && (
        <DialogContent
          // Phones: the whole screen, black, the photo as large as it fits (a small modal there wasted the screen).
          className="gap-3 p-3 max-md:inset-0 max-md:flex max-md:h-dvh max-md:max-h-none max-md:w-full max-md:max-w-none max-md:translate-x-0 max-md:translate-y-0 max-md:flex-col max-md:rounded-none max-md:border-0 max-md:bg-black max-md:text-white md:max-w-3xl md:p-4 max-md:[&_[data-slot=dialog-close]]:text-white"
          onKeyDown={handleKeyDown}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <DialogTitle className="pr-8 text-base">{photoLabel(photo, index, total)}</DialogTitle>
          <DialogDescription className="sr-only">{t('gallery.viewer.help')}</DialogDescription>
          <div
            // pinch-zoom only: the browser's own one-finger panning would cancel the pointer (pointercancel) before a
            // swipe ends, while two fingers still zoom into the photo.
            className="relative flex min-h-48 [touch-action:pinch-zoom] items-center justify-center overflow-hidden rounded-md bg-black max-md:min-h-0 max-md:flex-1"
            onPointerDown={handlePointerDown}
            onPointerUp={handlePointerUp}
            onPointerCancel={(e) => {
              pointersDown.current.delete(e.pointerId);
              swipeStart.current = null;
            }}
            data-testid="photo-viewer-stage"
          >
            {broken === photo.id ? (
              <ImageOffIcon aria-hidden="true" className="size-10 text-white/70" />
            ) : (
              <img
                key={photo.id}
                src={imageVariantUrl(photo.imageUrl, 'large')}
                alt={photoLabel(photo, index, total)}
                width={photo.width ?? undefined}
                height={photo.height ?? undefined}
                className="max-h-[70dvh] w-auto max-w-full object-contain select-none max-md:max-h-full"
                draggable={false}
                onError={() => setBroken(photo.id)}
              />
            )}
          </div>
          <div className="flex items-center justify-between gap-2">
            <Button variant="outline" size="icon" aria-label={t('gallery.viewer.previous')} onClick={() => go(-1)} disabled={total < 2}>
              <ChevronLeftIcon aria-hidden="true" />
            </Button>
            <p className="text-sm text-muted-foreground tabular-nums max-md:text-white" aria-live="polite" data-testid="photo-viewer-position">
              {`${index + 1} / ${total}`}
            </p>
            <Button variant="outline" size="icon" aria-label={t('gallery.viewer.next')} onClick={() => go(1)} disabled={total < 2}>
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
