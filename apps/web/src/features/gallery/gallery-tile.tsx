import * as React from 'react';
import { ArrowLeftIcon, ArrowRightIcon, EllipsisVerticalIcon, ImageOffIcon, Trash2Icon } from 'lucide-react';
import { imageVariantUrl, type ProfileImageView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#/components/ui/dropdown-menu';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

interface GalleryTileProps {
  photo: ProfileImageView;
  label: string;
  /** Owner controls (move, delete) when set. */
  edit?: {
    isFirst: boolean;
    isLast: boolean;
    onMove: (delta: -1 | 1) => void;
    onDelete: () => void;
  };
  onOpen: () => void;
  thumbnailRef: (node: HTMLButtonElement | null) => void;
}

/** One filled slot: the medium variant opening the viewer, and for the owner a menu to move or delete it. */
export function GalleryTile({ photo, label, edit, onOpen, thumbnailRef }: GalleryTileProps) {
  const [broken, setBroken] = React.useState(false);
  const t = useT(catalog);
  return (
    <li data-slot="gallery-slot" data-state="filled" className="relative aspect-square overflow-hidden rounded-md bg-muted">
      <button
        ref={thumbnailRef}
        type="button"
        onClick={onOpen}
        className="block size-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset"
      >
        {broken ? (
          // Spec 8: an image that fails to load is hidden.
          <span className="flex size-full items-center justify-center">
            <ImageOffIcon aria-hidden="true" className="size-6 text-muted-foreground" />
            <span className="sr-only">{label}</span>
          </span>
        ) : (
          <img
            src={imageVariantUrl(photo.imageUrl, 'medium')}
            alt={label}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform hover:scale-105"
            onError={() => setBroken(true)}
          />
        )}
      </button>
      {edit && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            {/* A small translucent dot in the corner: the photo stays visible, and the touch target still spans 40 px. */}
            <Button
              variant="ghost"
              size="icon-sm"
              data-slot="photo-options"
              className="absolute top-1 right-1 size-6 rounded-full bg-black/50 text-white backdrop-blur-sm after:absolute after:-inset-2 after:content-[''] hover:bg-black/70 hover:text-white focus-visible:ring-white/80"
              aria-label={t('gallery.tile.options', { label })}
            >
              <EllipsisVerticalIcon aria-hidden="true" className="size-3.5" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem disabled={edit.isFirst} onSelect={() => edit.onMove(-1)}>
              <ArrowLeftIcon aria-hidden="true" />
              {t('gallery.tile.moveEarlier')}
            </DropdownMenuItem>
            <DropdownMenuItem disabled={edit.isLast} onSelect={() => edit.onMove(1)}>
              <ArrowRightIcon aria-hidden="true" />
              {t('gallery.tile.moveLater')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={edit.onDelete}>
              <Trash2Icon aria-hidden="true" />
              {t('gallery.tile.delete')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </li>
  );
}
