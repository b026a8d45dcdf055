import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#/components/ui/dialog';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

/** A chat photo at full size (loaded the first time a member opens one: see MessageMedia). */
export function PhotoDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  const t = useT(catalog);
  return (
    <Dialog open={url !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-[calc(100%-1rem)] p-2 sm:max-w-4xl">
        <DialogTitle className="sr-only">{t('messaging.photo.title')}</DialogTitle>
        <DialogDescription className="sr-only">{t('messaging.photo.description')}</DialogDescription>
        {url ? <img src={url} alt={t('messaging.photo.alt')} className="max-h-[85dvh] w-full rounded object-contain" /> : null}
      </DialogContent>
    </Dialog>
  );
}
