import { LocateFixedIcon } from 'lucide-react';
import { LOCATION_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { sharedText, useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';
import type { GeolocationState } from './use-geolocation';

/**
 * "Near me": the first tap asks the device for its position (and the browser for permission, only then); while
 * on, the list is nearest first; a second tap goes back to names. A refusal is said in words under the filters.
 */
export function NearMeButton({ on, state, onToggle }: { on: boolean; state: GeolocationState; onToggle: () => void }) {
  const locating = state.status === 'locating';
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <Button type="button" variant={on ? 'default' : 'outline'} aria-pressed={on} onClick={onToggle} disabled={locating}>
      {locating ? <Spinner /> : <LocateFixedIcon aria-hidden="true" />}
      {locating ? t('locations.nearMe.finding') : s(LOCATION_MESSAGES.nearMe)}
    </Button>
  );
}

/** Why "Near me" is off, when the device said no (in the page's language: the button has loaded the shared texts). */
export function nearMeProblem(state: GeolocationState): string | null {
  switch (state.status) {
    case 'denied':
      return sharedText(LOCATION_MESSAGES.nearMeDenied);
    case 'unavailable':
    case 'timeout':
    case 'error':
      return state.message;
    case 'idle':
    case 'locating':
    case 'located':
      return null;
  }
}
