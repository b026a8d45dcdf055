import * as React from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  CITY_LABELS,
  LOCATION_CATEGORY_LABELS,
  LOCATION_MESSAGES,
  type CheckInVisibility,
  type LocationCheckInResult,
  type LocationScanView,
} from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { RetryButton } from '#/components/retry-button';
import { errorMessage, isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { isRefusal, useCheckInMutation, useScanQuery } from './api';
import { clockTime } from './check-in-format';
import { CheckInResultCard } from './check-in-result';
import { catalog } from './i18n';
import { VisibilityChoice } from './visibility-choice';

/**
 * A scanned code (the poster's URL opened by the camera app, or the in-app scanner): the server says which place
 * it is for (or why it cannot check anyone in), the member chooses who may see the check-in (their default
 * preselected) and confirms. `initialVisibility` carries a choice already made on the place's page.
 */
export function CheckInConfirm({
  token,
  initialVisibility,
  onScanAgain,
}: {
  token: string;
  initialVisibility?: CheckInVisibility;
  onScanAgain?: () => void;
}) {
  const scan = useScanQuery(token);
  const t = useT(catalog);
  const s = useSharedText();
  if (scan.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">{t('locations.confirm.checking')}</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (scan.isError) {
    const forbidden = isApiError(scan.error) && scan.error.isForbidden;
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
        <p>{forbidden ? s(LOCATION_MESSAGES.checkInNotAllowed) : `${t('locations.confirm.readFailed')} ${errorMessage(scan.error)}`}</p>
        {!forbidden && (
          <RetryButton size="sm" onClick={() => void scan.refetch()} />
        )}
      </div>
    );
  }
  if (isRefusal(scan.data)) {
    return (
      <div className="grid gap-3">
        <CheckInResultCard result={scan.data} />
        {onScanAgain && <ScanAgain onClick={onScanAgain} />}
      </div>
    );
  }
  return <ConfirmPlace scan={scan.data} token={token} initialVisibility={initialVisibility} onScanAgain={onScanAgain} />;
}

function ScanAgain({ onClick }: { onClick: () => void }) {
  const s = useSharedText();
  return (
    <Button variant="outline" onClick={onClick} className="justify-self-start">
      {s(LOCATION_MESSAGES.scanCode)}
    </Button>
  );
}

function ConfirmPlace({
  scan,
  token,
  initialVisibility,
  onScanAgain,
}: {
  scan: LocationScanView;
  token: string;
  initialVisibility?: CheckInVisibility;
  onScanAgain?: () => void;
}) {
  const [visibility, setVisibility] = React.useState<CheckInVisibility>(initialVisibility ?? scan.defaultVisibility);
  const [result, setResult] = React.useState<LocationCheckInResult | null>(null);
  const checkIn = useCheckInMutation();
  const t = useT(catalog);
  const s = useSharedText();
  const place = scan.location;
  const waiting = scan.mine !== null && scan.nextCheckInAt !== null;
  const done = result?.outcome === 'checked_in';
  // Nothing to try again here: already checked in (until the time shown), or the place closed.
  const blocked = (waiting && !result) || result?.outcome === 'already_checked_in' || result?.outcome === 'closed';

  const handleCheckIn = () =>
    checkIn.mutate(
      { locationId: place.id, input: { token, visibility } },
      {
        onSuccess: (answer) => {
          setResult(answer);
          navigator.vibrate?.(answer.outcome === 'checked_in' ? 80 : [150, 80, 150]);
        },
        onError: (error) => toast.error(t('locations.checkIn.failed'), { description: errorMessage(error) }),
      },
    );

  return (
    <div className="grid gap-4">
      <div className="grid gap-0.5">
        <p className="text-sm text-muted-foreground">{scan.kind === 'door' ? t('locations.confirm.doorScreenOf') : s(LOCATION_MESSAGES.posterHeading)}</p>
        <h2 className="text-xl font-semibold">
          <Link to={`/locations/${place.id}`} className="underline-offset-4 hover:underline">
            {place.name}
          </Link>
        </h2>
        <p className="text-sm text-muted-foreground">
          {s(LOCATION_CATEGORY_LABELS[place.category])} · {s(CITY_LABELS[place.city])} · {t('locations.hereNow.count', { count: place.hereNowCount })}
        </p>
      </div>
      <div>
        <CheckInResultCard result={result} />
      </div>
      {done && (
        <Button asChild className="justify-self-start">
          <Link to={`/locations/${place.id}`}>{t('locations.confirm.seeWho')}</Link>
        </Button>
      )}
      {waiting && !result && (
        <p className="rounded-lg border p-3 text-sm">
          {s(LOCATION_MESSAGES.alreadyCheckedIn)}. {t('locations.checkIn.againAt', { time: clockTime(scan.nextCheckInAt!) })}
        </p>
      )}
      {!done && !blocked && (
        <>
          <VisibilityChoice value={visibility} onChange={setVisibility} disabled={checkIn.isPending} />
          <Button onClick={handleCheckIn} disabled={checkIn.isPending} className="justify-self-start">
            {checkIn.isPending && <Spinner />}
            {s(LOCATION_MESSAGES.checkIn)}
          </Button>
        </>
      )}
      {result && !done && onScanAgain && <ScanAgain onClick={onScanAgain} />}
    </div>
  );
}
