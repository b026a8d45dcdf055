import * as React from 'react';
import { t } from '#/lib/i18n';

export interface Position {
  lat: number;
  lng: number;
  /** Metres, as the device reports it. */
  accuracy: number;
}

export type GeolocationState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; position: Position }
  | { status: 'denied' | 'unavailable' | 'timeout' | 'error'; message: string };

/** Read when a failure happens, in the page's language (the components that ask read the locations catalogue). */
export const GEOLOCATION_MESSAGES = {
  get denied() {
    return t('locations.geo.denied');
  },
  get unavailable() {
    return t('locations.geo.unavailable');
  },
  get timeout() {
    return t('locations.geo.timeout');
  },
  get error() {
    return t('locations.geo.error');
  },
};

/** A position a minute old is still good for "near me"; asking again would cost battery and time. */
const MAX_AGE_MS = 60_000;
const TIMEOUT_MS = 15_000;

function failure(code: number | null): GeolocationState {
  // GeolocationPositionError codes: 1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT.
  if (code === 1) return { status: 'denied', message: GEOLOCATION_MESSAGES.denied };
  if (code === 2 || code === null) return { status: 'unavailable', message: GEOLOCATION_MESSAGES.unavailable };
  if (code === 3) return { status: 'timeout', message: GEOLOCATION_MESSAGES.timeout };
  return { status: 'error', message: GEOLOCATION_MESSAGES.error };
}

/**
 * The device's position, asked for only when `locate()` is called (a tap), never on page load: the browser's
 * permission prompt appears because the member asked for something that needs it. `locate()` also resolves with
 * the new state, for callers that act on it at once (a check-in by position).
 */
export function useGeolocation() {
  const [state, setState] = React.useState<GeolocationState>({ status: 'idle' });
  const mounted = React.useRef(true);
  React.useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const locate = React.useCallback(
    () =>
      new Promise<GeolocationState>((resolve) => {
        const settle = (next: GeolocationState) => {
          if (mounted.current) setState(next);
          resolve(next);
        };
        if (typeof navigator === 'undefined' || !navigator.geolocation) return settle(failure(null));
        setState({ status: 'locating' });
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => settle({ status: 'located', position: { lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy } }),
          (error) => settle(failure(error.code)),
          { enableHighAccuracy: true, maximumAge: MAX_AGE_MS, timeout: TIMEOUT_MS },
        );
      }),
    [],
  );
  const reset = React.useCallback(() => setState({ status: 'idle' }), []);
  return { state, locate, reset };
}
