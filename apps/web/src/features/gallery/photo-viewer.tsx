import * as React from 'react';
import { ChevronLeftIcon, ChevronRightIcon, ImageOffIcon } from 'lucide-react';
import { imageVariantUrl, type ProfileImageView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#/components/ui/dialog';
import { photoLabel } from './photo-label';

export { photoLabel };

/** A horizontal swipe of at least this many pixels turns the page. */
const SWIPE_MIN = 50;

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
 * The gallery viewer: the large variant with its caption and 'n / m'. Previous/Next buttons, the arrow keys and a
 * swipe move between photos (wrapping around); Escape closes (Radix Dialog).
 */
export function PhotoViewer({ photos, index, onIndexChange, onClose, onCloseAutoFocus }: PhotoViewerProps) {
  const total = photos.length;
  const photo = index !== null ? photos[index] : undefined;
  const swipeStart = React.useRef<number | null>(null);
  const [broken, setBroken] = React.useState<string | null>(null);

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

  const handleTouchEnd = (event: React.TouchEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined) return;
    const dx = end - start;
    if (Math.abs(dx) >= SWIPE_MIN) go(dx < 0 ? 1 : -1);
  };

  return (
    <Dialog open={photo !== undefined} onOpenChange={(open) => !open && onClose()}>
      {photo && index !== null && (
        <DialogContent
          className="gap-3 p-3 sm:max-w-3xl sm:p-4"
          onKeyDown={handleKeyDown}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <DialogTitle className="pr-8 text-base">{photoLabel(photo, index, total)}</DialogTitle>
          <DialogDescription className="sr-only">
            Use the left and right arrow keys or swipe to see other photos.
          </DialogDescription>
          <div
            className="relative flex min-h-48 touch-pan-y items-center justify-center overflow-hidden rounded-md bg-black"
            onTouchStart={(e) => {
              swipeStart.current = e.touches[0]?.clientX ?? null;
            }}
            onTouchEnd={handleTouchEnd}
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
                className="max-h-[70dvh] w-auto max-w-full object-contain select-none"
                draggable={false}
                onError={() => setBroken(photo.id)}
              />
            )}
          </div>
          <div className="flex items-center justify-between gap-2">
            <Button variant="outline" size="icon" aria-label="Previous photo" onClick={() => go(-1)} disabled={total < 2}>
              <ChevronLeftIcon aria-hidden="true" />
            </Button>
            <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="photo-viewer-position">
              {`${index + 1} / ${total}`}
            </p>
            <Button variant="outline" size="icon" aria-label="Next photo" onClick={() => go(1)} disabled={total < 2}>
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
