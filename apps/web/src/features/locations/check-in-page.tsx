import type * as React from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { MapPinIcon, MapPinOffIcon } from 'lucide-react';
import { LOCATION_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useSharedText } from '#/lib/i18n';
import { CheckInConfirm } from './check-in-confirm';
import { tokenFromScan } from './scanned-token';
import { useLocationAccess } from './use-location-access';

/**
 * '/locations/check-in?t={token}': what a poster's (or door screen's) QR opens when the phone's own camera app reads
 * it. The member sees which place it is, chooses who may see the check-in and confirms: nothing is written by
 * merely opening the link.
 */
export function LocationCheckInPage() {
  const s = useSharedText();
  const [search] = useSearchParams();
  const token = tokenFromScan(search.get('t') ?? '');
  const access = useLocationAccess();

  let body: React.ReactNode;
  if (!token) body = <Refusal message={s(LOCATION_MESSAGES.tokenInvalid)} />;
  else if (!access.canCheckIn) body = <Refusal message={s(LOCATION_MESSAGES.checkInNotAllowed)} />;
  else body = <CheckInConfirm token={token} />;

  return (
    <section aria-labelledby="check-in-title" className="mx-auto grid w-full max-w-lg content-start gap-5 px-4 py-6 sm:py-10">
      <h1 id="check-in-title" className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
        <MapPinIcon aria-hidden="true" className="size-6 text-primary" />
        {s(LOCATION_MESSAGES.checkIn)}
      </h1>
      {body}
    </section>
  );
}

function Refusal({ message }: { message: string }) {
  const s = useSharedText();
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
      <MapPinOffIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{message}</p>
      <Button asChild variant="outline">
        <Link to="/locations">{s(LOCATION_MESSAGES.title)}</Link>
      </Button>
    </div>
  );
}

/** Signed-out visitors opening a poster's link sign in first, then come back to it with the same code. */
export function LocationCheckInSignInRedirect() {
  const { pathname, search } = useLocation();
  return <Navigate to="/auth" replace state={{ from: `${pathname}${search}` }} />;
}
