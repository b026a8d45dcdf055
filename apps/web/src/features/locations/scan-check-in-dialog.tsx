import * as React from 'react';
import { LOCATION_MESSAGES, type CheckInVisibility } from '@bayclub/shared';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { QrScanner, type ScannerMessages } from '#/components/qr/qr-scanner';
import { CheckInConfirm } from './check-in-confirm';
import { tokenFromScan } from './scanned-token';

/** The scanner's words here: a place has no typed code, so a refused camera points to the phone's camera app. */
const SCANNER_MESSAGES: ScannerMessages = {
  denied: 'Camera permission was denied. Allow the camera for this site in your browser settings, or scan the poster with your phone’s camera app.',
  unavailable: 'This browser cannot use a camera here. Scan the poster with your phone’s camera app instead.',
  error: 'The camera could not start. Try again, or scan the poster with your phone’s camera app.',
  paused: 'The camera is paused while the page is hidden.',
};

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
          <DialogTitle>{LOCATION_MESSAGES.scanCode}</DialogTitle>
          <DialogDescription>Point the camera at the place’s poster or door screen.</DialogDescription>
        </DialogHeader>
        {token ? (
          <CheckInConfirm token={token} initialVisibility={initialVisibility} onScanAgain={() => setToken(null)} />
        ) : (
          <div className="grid gap-3">
            <QrScanner onScan={handleScan} paused={false} messages={SCANNER_MESSAGES} videoLabel="Camera view for scanning a place’s code" />
            <div role="alert">{unknown && <p className="text-sm text-destructive">{LOCATION_MESSAGES.tokenInvalid}</p>}</div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
