import * as React from 'react';
import { LOCATION_MESSAGES, type CheckInVisibility } from '@bayclub/shared';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { QrScanner, type ScannerMessages } from '#/components/qr/qr-scanner';
import { type Translate, useSharedText, useT } from '#/lib/i18n';
import { CheckInConfirm } from './check-in-confirm';
import { catalog } from './i18n';
import { tokenFromScan } from './scanned-token';

/** The scanner's words here: a place has no typed code, so a refused camera points to the phone's camera app. */
const scannerMessages = (t: Translate): ScannerMessages => ({
  denied: t('locations.scanner.denied'),
  unavailable: t('locations.scanner.unavailable'),
  error: t('locations.scanner.error'),
  paused: t('locations.scanner.paused'),
});

/**
 * Check in by scanning a place's poster or door screen inside the app (the events door's scanner: BarcodeDetector,
 * else jsQR loaded on demand). The camera stops as soon as a place code is read; the member then confirms.
 */
export function ScanCheckInDialog({
  open,
  onOpenChange,
  initialVisibility,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialVisibility?: CheckInVisibility;
}) {
  const [token, setToken] = React.useState<string | null>(null);
  const [unknown, setUnknown] = React.useState(false);
  const t = useT(catalog);
  const s = useSharedText();
  const handleOpenChange = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setToken(null);
      setUnknown(false);
    }
  };
  const handleScan = (text: string) => {
    const found = tokenFromScan(text);
    setUnknown(found === null);
    if (found) setToken(found);
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{s(LOCATION_MESSAGES.scanCode)}</DialogTitle>
          <DialogDescription>{t('locations.scan.description')}</DialogDescription>
        </DialogHeader>
        {token ? (
          <CheckInConfirm token={token} initialVisibility={initialVisibility} onScanAgain={() => setToken(null)} />
        ) : (
          <div className="grid gap-3">
            <QrScanner onScan={handleScan} paused={false} messages={scannerMessages(t)} videoLabel={t('locations.scan.videoLabel')} />
            <div role="alert">{unknown && <p className="text-sm text-destructive">{s(LOCATION_MESSAGES.tokenInvalid)}</p>}</div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
