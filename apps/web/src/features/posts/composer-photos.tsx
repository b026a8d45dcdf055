import { CheckIcon, XIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import type { PhotoUpload } from './use-photo-uploads';

/** The picked photos: a thumbnail each with its state (waiting, uploading, uploaded) and a Remove button. */
export function ComposerPhotos({ items, onRemove }: { items: PhotoUpload[]; onRemove: (id: string) => void }) {
  const t = useT(catalog);
  if (items.length === 0) return null;
  const done = items.filter((i) => i.status === 'done').length;
  const current = items.findIndex((i) => i.status === 'uploading');
  return (
    <div className="grid gap-2">
      <ul aria-label={t('posts.composer.photos.label')} className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {items.map((item, index) => (
          <li key={item.id} className="relative aspect-square overflow-hidden rounded-md bg-muted">
            {item.previewUrl && <img src={item.previewUrl} alt={t('posts.composer.photos.alt', { number: index + 1, name: item.file.name })} className="size-full object-cover" />}
            <span className="absolute bottom-1 left-1 flex size-6 items-center justify-center rounded-full bg-background/80">
              {item.status === 'done' ? (
                <CheckIcon aria-label={t('posts.composer.photos.uploaded')} className="size-4 text-primary" />
              ) : item.status === 'uploading' ? (
                <><Spinner className="size-4" /><span className="sr-only">{t('posts.composer.photos.uploading')}</span></>
              ) : (
                <span className="sr-only">{t('posts.composer.photos.waiting')}</span>
              )}
            </span>
            <Button
              type="button"
              variant="secondary"
              size="icon"
              className="absolute top-1 right-1 size-7 rounded-full"
              aria-label={t('posts.composer.photos.remove', { name: item.file.name })}
              onClick={() => onRemove(item.id)}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <p role="status" className="text-xs text-muted-foreground tabular-nums">
        {current >= 0
          ? t('posts.composer.photos.progress', { number: current + 1, total: items.length })
          : done > 0
            ? t('posts.composer.photos.ready', { done, total: items.length })
            : ''}
      </p>
    </div>
  );
}
