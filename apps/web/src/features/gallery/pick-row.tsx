import { ImageIcon, XIcon } from 'lucide-react';
import { LIMITS } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Input } from '#/components/ui/input';
import { Label } from '#/components/ui/label';
import { useT } from '#/lib/i18n';
import type { PhotoPick } from './use-photo-picks';
import { catalog } from './i18n';

/** One chosen file in the upload dialog: preview, caption with its 'n/100' counter, and Remove. */
export function PickRow({
  pick,
  disabled,
  onCaption,
  onRemove,
}: {
  pick: PhotoPick;
  disabled: boolean;
  onCaption: (caption: string) => void;
  onRemove: () => void;
}) {
  const inputId = `caption-${pick.key}`;
  const counterId = `${inputId}-count`;
  const t = useT(catalog);
  return (
    <li className="flex gap-3 rounded-md border p-2">
      <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded bg-muted">
        {pick.previewUrl ? (
          <img src={pick.previewUrl} alt="" className="size-full object-cover" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-6 text-muted-foreground" />
        )}
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <Label htmlFor={inputId} className="block truncate">
          {t('gallery.pick.caption', { name: pick.file.name })}
        </Label>
        <Input
          id={inputId}
          value={pick.caption}
          maxLength={LIMITS.captionMax}
          placeholder={t('gallery.pick.captionPlaceholder')}
          aria-describedby={counterId}
          disabled={disabled}
          onChange={(e) => onCaption(e.target.value)}
        />
        <span id={counterId} className="justify-self-end text-xs text-muted-foreground tabular-nums">
          {`${pick.caption.length}/${LIMITS.captionMax}`}
        </span>
      </div>
      <Button variant="ghost" size="icon-sm" aria-label={t('gallery.pick.remove', { name: pick.file.name })} disabled={disabled} onClick={onRemove}>
        <XIcon aria-hidden="true" />
      </Button>
    </li>
  );
}
