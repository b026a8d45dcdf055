import { CheckIcon, XIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import type { PhotoUpload } from './use-photo-uploads';

/** The picked photos: a thumbnail each with its state (waiting, uploading, uploaded) and a Remove button. */
export function ComposerPhotos({ items, onRemove }: { items: PhotoUpload[]; onRemove: (id: string) => void }) {
  if (items.length === 0) return null;
  const done = items.filter((i) => i.status === 'done').length;
  const current = items.findIndex((i) => i.status === 'uploading');
  return (
    <div className="grid gap-2">
      <ul aria-label="Photos to post" className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {items.map((item, index) => (
          <li key={item.id} className="relative aspect-square overflow-hidden rounded-md bg-muted">
            {item.previewUrl && <img src={item.previewUrl} alt={`Photo ${index + 1}: ${item.file.name}`} className="size-full object-cover" />}
            <span className="absolute bottom-1 left-1 flex size-6 items-center justify-center rounded-full bg-background/80">
              {item.status === 'done' ? (
                <CheckIcon aria-label="Uploaded" className="size-4 text-primary" />
              ) : item.status === 'uploading' ? (
                <><Spinner className="size-4" /><span className="sr-only">Uploading</span></>
              ) : (
                <span className="sr-only">Waiting</span>
              )}
            </span>
            <Button
              type="button"
              variant="secondary"
              size="icon"
              className="absolute top-1 right-1 size-7 rounded-full"
              aria-label={`Remove ${item.file.name}`}
              onClick={() => onRemove(item.id)}
            >
              <XIcon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <p role="status" className="text-xs text-muted-foreground tabular-nums">
        {current >= 0 ? `Uploading photo ${current + 1} of ${items.length}...` : done > 0 ? `${done} of ${items.length} photos ready` : ''}
      </p>
    </div>
  );
}
