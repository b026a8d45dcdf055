import * as React from 'react';
import { LocateFixedIcon, ScanLineIcon } from 'lucide-react';
import { toast } from 'sonner';
import { LOCATION_MESSAGES, type CheckInVisibility, type LocationCheckInResult, type LocationView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { OnceOpened } from '#/components/once-opened';
import { errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { lazyNamed } from '#/lib/lazy-named';
import { useCheckInMutation } from './api';
import { clockTime } from './check-in-format';
import { CheckInResultCard } from './check-in-result';
import { catalog } from './i18n';
import { MyCheckIn } from './my-check-in';
import { useGeolocation } from './use-geolocation';
import { VisibilityChoice } from './visibility-choice';

// The camera code (and jsQR, on phones without BarcodeDetector) loads when the member taps Scan.
const ScanCheckInDialog = lazyNamed(() => import('./scan-check-in-dialog'), 'ScanCheckInDialog');

/**
 * Checking in from the place's page: the member's current check-in (check out, delete), or who may see a new one
 * (their default preselected) and the ways this place allows: the device's position when it has coordinates and
 * takes poster check-ins, and the in-app scanner.
 */
export function CheckInPanel({ place }: { place: LocationView }) {
  const { permissions } = place;
  const [visibility, setVisibility] = React.useState<CheckInVisibility>(place.defaultVisibility);
  const [result, setResult] = React.useState<LocationCheckInResult | null>(null);
  const [scanning, setScanning] = React.useState(false);
  const geo = useGeolocation();
  const checkIn = useCheckInMutation();
  const t = useT(catalog);
  const s = useSharedText();
  const waiting = place.nextCheckInAt !== null;
  const busy = checkIn.isPending || geo.state.status === 'locating';

  const handlePosition = async () => {
    setResult(null);
    const state = await geo.locate();
    if (state.status !== 'located') return;
    const position = { latitude: state.position.lat, longitude: state.position.lng };
    checkIn.mutate(
      { locationId: place.id, input: { position, visibility } },
      {
        onSuccess: setResult,
        onError: (error) => toast.error(t('locations.checkIn.failed'), { description: errorMessage(error) }),
      },
    );
  };
  const positionProblem = 'message' in geo.state ? geo.state.message : null;

  return (
    <section aria-labelledby="place-check-in" className="grid gap-4 rounded-xl border p-4">
      <h2 id="place-check-in" className="text-lg font-semibold">
        {s(LOCATION_MESSAGES.checkIn)}
      </h2>
      {/* Issue 21: one confirmation. Right after checking in, the answer card says so (with the events it also
          checked in at); the member's check-in below then keeps only its actions, not a second "checked in". */}
      {place.mine && (
        <MyCheckIn
          checkIn={place.mine}
          locationId={place.id}
          showStatus={!(result?.outcome === 'checked_in' && result.checkIn?.id === place.mine.id)}
        />
      )}
      {/* Both live regions in one grid cell: while empty they cost one gap, not two. */}
      <div>
        <CheckInResultCard result={result} linkPlace={false} />
      </div>
      {waiting ? (
        <p className="text-sm text-muted-foreground">{t('locations.checkIn.againAt', { time: clockTime(place.nextCheckInAt!) })}</p>
      ) : (
        permissions.canCheckIn && (
          <>
            <VisibilityChoice value={visibility} onChange={setVisibility} disabled={busy} />
            <div className="flex flex-wrap gap-2">
              {permissions.canCheckInByPosition && (
                <Button onClick={() => void handlePosition()} disabled={busy}>
                  {busy ? <Spinner /> : <LocateFixedIcon aria-hidden="true" />}
                  {s(LOCATION_MESSAGES.checkInWithPosition)}
                </Button>
              )}
              {permissions.canScan && (
                <Button variant={permissions.canCheckInByPosition ? 'outline' : 'default'} onClick={() => setScanning(true)} disabled={busy}>
                  <ScanLineIcon aria-hidden="true" />
                  {s(LOCATION_MESSAGES.scanCode)}
                </Button>
              )}
            </div>
            {positionProblem && (
              <p role="alert" className="text-sm text-destructive">
                {positionProblem}
              </p>
            )}
            <p className="text-sm text-muted-foreground">
              {place.checkInMode === 'door_screen'
                ? s(LOCATION_MESSAGES.posterNotAccepted)
                : !permissions.canCheckInByPosition && !permissions.canScan
                  ? s(LOCATION_MESSAGES.posterHint)
                  : t('locations.panel.orScan')}
            </p>
          </>
        )
      )}
      <OnceOpened open={scanning}>
        <ScanCheckInDialog open={scanning} onOpenChange={setScanning} initialVisibility={visibility} />
      </OnceOpened>
    </section>
  );
}
