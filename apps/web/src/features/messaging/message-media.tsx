import * as React from 'react';
import { FileVideoIcon, ImageIcon } from 'lucide-react';
import type { AttachmentKind } from '@bayclub/shared';
import { OnceOpened } from '#/components/once-opened';
import { useT } from '#/lib/i18n';
import { lazyNamed } from '#/lib/lazy-named';
import { cn } from '#/lib/utils';
import { catalog } from './i18n';

// The full-size viewer (a dialog) loads the first time a photo is opened, not with every chat (decision 011).
const PhotoDialog = lazyNamed(() => import('./photo-dialog'), 'PhotoDialog');

export interface MediaItem {
  key: string;
  kind: AttachmentKind;
  /** null while a pending attachment has no preview (the browser could not make one). */
  url: string | null;
  name?: string;
}

/** Each kind's name (an id in the catalogue), for alt texts and a tile without a preview. */
const MEDIA_LABEL_IDS: Record<AttachmentKind, string> = {
  image: 'messaging.media.image',
  gif: 'messaging.media.gif',
  video: 'messaging.media.video',
};

/** A message's photos, GIFs and videos. A photo opens large in a dialog. */
export function MessageMedia({ items }: { items: MediaItem[] }) {
  const [open, setOpen] = React.useState<string | null>(null);
  if (items.length === 0) return null;
  const several = items.length > 1;
  return (
    <div className={cn('grid gap-1', several && 'grid-cols-2')}>
      {items.map((item) => (
        <MediaTile key={item.key} item={item} onOpen={setOpen} />
      ))}
      <OnceOpened open={open !== null}>
        <PhotoDialog url={open} onClose={() => setOpen(null)} />
      </OnceOpened>
    </div>
  );
}

function MediaTile({ item, onOpen }: { item: MediaItem; onOpen: (url: string) => void }) {
  const t = useT(catalog);
  const tile = 'max-h-72 w-full rounded-lg bg-muted object-cover';
  if (!item.url) {
    const Icon = item.kind === 'video' ? FileVideoIcon : ImageIcon;
    return (
      <span className="flex h-24 w-full items-center justify-center gap-2 rounded-lg bg-muted p-2 text-xs text-muted-foreground">
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <span className="truncate">{item.name ?? t(MEDIA_LABEL_IDS[item.kind])}</span>
      </span>
    );
  }
  if (item.kind === 'video') {
    return <video src={item.url} controls preload="metadata" aria-label={t(MEDIA_LABEL_IDS.video)} className={tile} />;
  }
  if (item.kind === 'gif') return <img src={item.url} alt={t(MEDIA_LABEL_IDS.gif)} className={tile} />;
  const url = item.url;
  return (
    <button
      type="button"
      onClick={() => onOpen(url)}
      aria-label={t('messaging.media.openPhoto')}
      className="block overflow-hidden rounded-lg outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
    >
      <img src={url} alt={t(MEDIA_LABEL_IDS.image)} className={tile} />
    </button>
  );
}
