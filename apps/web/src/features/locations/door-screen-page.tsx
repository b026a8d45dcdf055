import * as React from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ExpandIcon, XIcon } from 'lucide-react';
import { LOCATION_MESSAGES, type DoorTokenView } from '@bayclub/shared';
import { QrCodeImage } from '#/components/qr/qr-code-image';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { RetryButton } from '#/components/retry-button';
import { errorMessage, isApiError } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { fetchDoorToken, locationKeys } from './api';
import { catalog } from './i18n';
import { useWakeLock } from './use-wake-lock';

/** A door code with its expiry on this device's clock (the server's time corrects a phone that is off). */
export interface DoorCode extends DoorTokenView {
  localExpiresAt: number;
}

export async function loadDoorCode(id: string, signal?: AbortSignal): Promise<DoorCode> {
  const code = await fetchDoorToken(id, signal);
  const offset = Date.parse(code.serverTime) - Date.now();
  return { ...code, localExpiresAt: Date.parse(code.expiresAt) - offset };
}

/** The next code is asked for this long after the current one's step ends, so the server is surely on the next. */
const AFTER_STEP_MS = 250;

/** Milliseconds until `code` should be replaced (at least a second, so a wrong clock never makes a busy loop). */
export const untilNextCode = (code: DoorCode | undefined, now = Date.now()) =>
  code ? Math.max(1_000, code.localExpiresAt - now + AFTER_STEP_MS) : 30_000;

function useSecondsLeft(until: number | undefined): number {
  const [now, setNow] = React.useState(() => Date.now());
  const [lastUntil, setLastUntil] = React.useState(until);
  // A new code: count from now, not from the last tick (up to a second ago).
  if (until !== lastUntil) {
    setLastUntil(until);
    setNow(Date.now());
  }
  React.useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1_000));
}

/**
 * '/locations/:locationId/door': a screen at the door showing the place's code, replaced every 30 seconds (a photo
 * of it is useless a minute later), with a countdown; the screen is kept awake where the browser allows.
 */
export function DoorScreenPage() {
  const s = useSharedText();
  const { locationId = '' } = useParams();
  const query = useQuery({
    queryKey: locationKeys.door(locationId),
    queryFn: ({ signal }) => loadDoorCode(locationId, signal),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (q) => untilNextCode(q.state.data),
    retry: (count, error) => count < 5 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    retryDelay: 2_000,
  });
  const awake = useWakeLock(query.isSuccess);
  const secondsLeft = useSecondsLeft(query.data?.localExpiresAt);
  const stage = React.useRef<HTMLDivElement>(null);
  const t = useT(catalog);

  const exit = (
    <Button asChild variant="outline" className="border-neutral-400 bg-white text-neutral-900 hover:bg-neutral-100">
      <Link to={`/locations/${locationId}`}>
        <XIcon aria-hidden="true" />
        {t('locations.door.exit')}
      </Link>
    </Button>
  );

  if (query.isPending) {
    return (
      <div role="status" className="flex flex-1 items-center justify-center gap-2 p-10">
        <Spinner /> {t('locations.door.loading')}
      </div>
    );
  }
  if (query.isError && !query.data) {
    const error = query.error;
    const refused = isApiError(error) && (error.isForbidden || error.isNotFound || error.status === 400);
    const message = isApiError(error) && error.isForbidden ? s(LOCATION_MESSAGES.qrNotAllowed) : refused ? s(LOCATION_MESSAGES.notFound) : errorMessage(error);
    return (
      <section role="alert" className="mx-auto grid max-w-md justify-items-center gap-3 px-4 py-16 text-center">
        <h1 className="text-xl font-semibold">{s(LOCATION_MESSAGES.doorScreen)}</h1>
        <p>{message}</p>
        {!refused && (
          <RetryButton onClick={() => void query.refetch()} />
        )}
        <Link to="/locations" className="text-sm underline">
          {t('locations.allPlaces')}
        </Link>
      </section>
    );
  }

  const code = query.data;
  return (
    // Always black on white, whatever the theme: what a camera reads best from across a doorway.
    <div ref={stage} className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 overflow-y-auto bg-white p-4 text-neutral-900">
      <h1 className="text-center text-2xl font-bold sm:text-4xl">
        <span className="block text-base font-medium text-neutral-600 sm:text-xl">{s(LOCATION_MESSAGES.posterHeading)}</span>
        {code.locationName}
      </h1>
      <QrCodeImage
        svg={code.qrSvg}
        alt={t('locations.door.alt', { name: code.locationName })}
        className="aspect-square w-[min(80vw,60vh)] max-w-[36rem] [image-rendering:pixelated]"
      />
      <p className="text-center text-lg">{s(LOCATION_MESSAGES.doorScreenHint)}</p>
      <p role="timer" aria-live="off" className="font-mono text-xl tabular-nums">
        {t('locations.door.countdown', { seconds: secondsLeft })}
      </p>
      {query.failureCount > 0 && <p role="alert" className="text-sm text-red-700">{t('locations.door.retrying')}</p>}
      {!awake && <p className="text-sm text-neutral-600">{t('locations.door.keepOn')}</p>}
      <div className="flex flex-wrap justify-center gap-2">
        {document.fullscreenEnabled && (
          <Button
            variant="outline"
            className="border-neutral-400 bg-white text-neutral-900 hover:bg-neutral-100"
            onClick={() => void stage.current?.requestFullscreen().catch(() => undefined)}
          >
            <ExpandIcon aria-hidden="true" />
            {t('locations.door.fullScreen')}
          </Button>
        )}
        {exit}
      </div>
    </div>
  );
}
