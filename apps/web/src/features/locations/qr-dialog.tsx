import * as React from 'react';
import { Link } from 'react-router';
import { DownloadIcon, MonitorIcon, RefreshCwIcon } from 'lucide-react';
import { toast } from 'sonner';
import { LOCATION_MESSAGES, type LocationQrView, type LocationView } from '@bayclub/shared';
import { QrCodeImage } from '#/components/qr/qr-code-image';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { useQrQuery, useRegenerateQrMutation } from './api';
import { checkInWhen } from './check-in-format';
import { ConfirmDialog } from '#/components/confirm-dialog';
import { RetryButton } from '#/components/retry-button';
import { catalog } from './i18n';

/**
 * The place's QR code (for members who may generate codes): the SVG, the print-ready posters, Regenerate (asked
 * first: every printed poster stops working) and the door screen.
 */
export function QrDialog({ open, onOpenChange, place }: { open: boolean; onOpenChange: (open: boolean) => void; place: LocationView }) {
  const query = useQrQuery(place.id);
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{s(LOCATION_MESSAGES.qrCode)}</DialogTitle>
          <DialogDescription>{t('locations.qr.description', { name: place.name })}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <div role="status" className="grid justify-items-center">
            <Skeleton className="size-56" />
            <span className="sr-only">{t('locations.qr.loading')}</span>
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>
              {t('locations.qr.loadError')} {errorMessage(query.error)}
            </p>
            <RetryButton size="sm" onClick={() => void query.refetch()} />
          </div>
        ) : (
          <QrBody qr={query.data} place={place} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function QrBody({ qr, place }: { qr: LocationQrView; place: LocationView }) {
  const regenerate = useRegenerateQrMutation(place.id);
  const [confirming, setConfirming] = React.useState(false);
  const t = useT(catalog);
  const s = useSharedText();
  const handleRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => toast.success(s(LOCATION_MESSAGES.regenerated)),
      onError: (error) => toast.error(t('locations.qr.regenerateFailed'), { description: errorMessage(error) }),
    });
  return (
    <div className="grid gap-4">
      <QrCodeImage svg={qr.qrSvg} alt={t('locations.qr.alt', { name: place.name })} className="mx-auto size-56 rounded bg-white p-2" />
      <p className="text-center text-sm text-muted-foreground">
        {t('locations.qr.version', { version: qr.keyVersion })}
        {qr.regeneratedAt && ` · ${t('locations.qr.made', { when: checkInWhen(qr.regeneratedAt) })}`}
      </p>
      {place.checkInMode === 'door_screen' && <p className="rounded-lg border p-3 text-sm">{s(LOCATION_MESSAGES.posterNotAccepted)}</p>}
      <div className="grid gap-2 sm:grid-cols-2">
        <Button asChild variant="outline">
          <a href={qr.posterPngUrl} download>
            <DownloadIcon aria-hidden="true" />
            {s(LOCATION_MESSAGES.downloadPng)}
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={qr.posterPdfUrl} download>
            <DownloadIcon aria-hidden="true" />
            {s(LOCATION_MESSAGES.downloadPdf)}
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/locations/${place.id}/door`}>
            <MonitorIcon aria-hidden="true" />
            {s(LOCATION_MESSAGES.doorScreen)}
          </Link>
        </Button>
        <Button variant="destructive" onClick={() => setConfirming(true)} disabled={regenerate.isPending}>
          {regenerate.isPending ? <Spinner /> : <RefreshCwIcon aria-hidden="true" />}
          {s(LOCATION_MESSAGES.regenerate)}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('locations.qr.regenerateTitle')}
        description={s(LOCATION_MESSAGES.regenerateConfirm)}
        confirm={s(LOCATION_MESSAGES.regenerate)}
        onConfirm={handleRegenerate}
      />
    </div>
  );
}
