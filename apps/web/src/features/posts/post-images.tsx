import * as React from 'react';
import { imageVariantUrl, type PostImageView, type ProfileImageView } from '@bayclub/shared';
import { PhotoViewer } from '#/features/gallery';
import { OnceOpened } from '#/components/once-opened';
import { cn } from '#/lib/utils';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** Columns by photo count: one wide photo, two side by side, then a grid. */
const GRID: Record<number, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-2' };

/** A single photo keeps its own shape (within 9:16..2:1) so the card does not jump while it loads. */
function singleRatio(image: PostImageView): string {
  if (!image.width || !image.height) return '4 / 3';
  const ratio = Math.min(2, Math.max(9 / 16, image.width / image.height));
  return String(ratio);
}

/**
 * A post's photos (1-6), lazy, with their space reserved; tapping one opens the gallery viewer on it. A photo that
 * fails to load is hidden (spec 9: image load errors hide the image).
 */
export function PostImages({ postId, images, createdAt }: { postId: string; images: PostImageView[]; createdAt: string }) {
  const [open, setOpen] = React.useState<number | null>(null);
  const t = useT(catalog);
  const [broken, setBroken] = React.useState<ReadonlySet<number>>(() => new Set());
  const shown = images.map((image, index) => ({ image, index })).filter(({ index }) => !broken.has(index));
  const photos = React.useMemo<ProfileImageView[]>(
    () =>
      images.map((image, index) => ({
        id: `${postId}-${index}`,
        imageUrl: image.url,
        imageOrder: index,
        mediaType: 'image',
        caption: null,
        width: image.width,
        height: image.height,
        createdAt,
      })),
    [images, postId, createdAt],
  );
  if (shown.length === 0) return null;
  const single = shown.length === 1;

  return (
    <>
      <ul aria-label={t('posts.photos.label')} className={cn('grid gap-1 overflow-hidden rounded-lg', GRID[shown.length] ?? 'grid-cols-3')}>
        {shown.map(({ image, index }) => (
          <li key={index} className="bg-muted" style={single ? { aspectRatio: singleRatio(image) } : { aspectRatio: '1' }}>
            <button
              type="button"
              className="block size-full focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              aria-label={t('posts.photos.open', { number: index + 1, total: images.length })}
              onClick={() => setOpen(index)}
            >
              <img
                src={imageVariantUrl(image.url, single ? 'large' : 'medium')}
                alt=""
                width={image.width ?? undefined}
                height={image.height ?? undefined}
                loading="lazy"
                decoding="async"
                className="size-full object-cover"
                onError={() => setBroken((old) => new Set(old).add(index))}
              />
            </button>
          </li>
        ))}
      </ul>
      <OnceOpened open={open !== null}>
        <PhotoViewer photos={photos} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
      </OnceOpened>
    </>
  );
}
