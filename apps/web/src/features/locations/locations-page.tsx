import * as React from 'react';
import { MapPinOffIcon, PlusIcon, ScanLineIcon } from 'lucide-react';
import { LOCATION_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { OnceOpened } from '#/components/once-opened';
import { ToggleButton } from '#/components/toggle-button';
import { useSharedText, useT } from '#/lib/i18n';
import { lazyNamed } from '#/lib/lazy-named';
import type { LocationFilters } from './api';
import { CheckInPrivacySetting } from './check-in-privacy-setting';
import { catalog } from './i18n';
import { LocationFiltersBar, useLocationFiltersInUrl } from './location-filters';
import { LocationList } from './location-list';
import { LocationsMapFor } from './map/places-map';
import { NearMeButton, nearMeProblem } from './near-me-button';
import { useGeolocation } from './use-geolocation';
import { useLocationAccess } from './use-location-access';
import { useHereNowRealtime } from './use-location-realtime';

// The form (react-hook-form, the schema) and the scanner load when they are first opened.
const LocationFormDialog = lazyNamed(() => import('./location-form-dialog'), 'LocationFormDialog');
const ScanCheckInDialog = lazyNamed(() => import('./scan-check-in-dialog'), 'ScanCheckInDialog');

/**
 * '/locations': the club's places by city and category with a search, nearest first once the member shares their
 * position, each with how many members are here now. Managers get New place and the deactivated places.
 */
export function LocationsPage() {
  const access = useLocationAccess();
  const [dialog, setDialog] = React.useState<'create' | 'scan' | null>(null);
  const close = (open: boolean) => !open && setDialog(null);
  const t = useT(catalog);
  const s = useSharedText();

  const scan = access.canScan ? (
    <Button variant="outline" onClick={() => setDialog('scan')} onPointerEnter={() => void ScanCheckInDialog.preload()}>
      <ScanLineIcon aria-hidden="true" />
      {s(LOCATION_MESSAGES.scanCode)}
    </Button>
  ) : null;

  return (
    <section aria-labelledby="locations-title" className="mx-auto grid w-full max-w-6xl content-start gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 id="locations-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {s(LOCATION_MESSAGES.title)}
          </h1>
          <p className="text-muted-foreground">{t('locations.list.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {access.canView && scan}
          {access.canManage && (
            <Button onClick={() => setDialog('create')} onPointerEnter={() => void LocationFormDialog.preload()}>
              <PlusIcon aria-hidden="true" />
              {s(LOCATION_MESSAGES.newPlace)}
            </Button>
          )}
        </div>
      </div>
      {access.canView ? <Places canManage={access.canManage} canCheckIn={access.canCheckIn} /> : <NotForYou scan={scan} />}
      <OnceOpened open={dialog === 'create'}>
        <LocationFormDialog open={dialog === 'create'} onOpenChange={close} />
      </OnceOpened>
      <OnceOpened open={dialog === 'scan'}>
        <ScanCheckInDialog open={dialog === 'scan'} onOpenChange={close} />
      </OnceOpened>
    </section>
  );
}

function Places({ canManage, canCheckIn }: { canManage: boolean; canCheckIn: boolean }) {
  useHereNowRealtime();
  const { filters, update } = useLocationFiltersInUrl();
  const geo = useGeolocation();
  const [nearMe, setNearMe] = React.useState(false);
  const t = useT(catalog);
  const near = nearMe && geo.state.status === 'located' ? { lat: geo.state.position.lat, lng: geo.state.position.lng } : undefined;
  const problem = nearMeProblem(geo.state);

  const handleNearMe = async () => {
    if (nearMe) return setNearMe(false);
    const state = await geo.locate();
    setNearMe(state.status === 'located');
  };

  const listFilters: LocationFilters = {
    city: filters.city,
    category: filters.category,
    q: filters.q || undefined,
    near,
    includeInactive: canManage && filters.inactive,
  };
  const filtered = Boolean(filters.city || filters.category || filters.q);

  return (
    <>
      <LocationFiltersBar
        filters={filters}
        update={update}
        extra={
          <div className="flex flex-wrap gap-2">
            <NearMeButton on={near !== undefined} state={geo.state} onToggle={() => void handleNearMe()} />
            {canManage && (
              <ToggleButton pressed={filters.inactive} onClick={() => update({ inactive: filters.inactive ? undefined : 'true' })}>
                {t('locations.list.showDeactivated')}
              </ToggleButton>
            )}
          </div>
        }
      />
      {problem && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
          {problem}
        </p>
      )}
      {canCheckIn && <CheckInPrivacySetting />}
      <LocationsMapFor filters={listFilters} />
      <LocationList
        filters={listFilters}
        label={near ? t('locations.list.labelNearest') : t('locations.list.label')}
        empty={
          filtered ? (
            <Button variant="outline" onClick={() => update({ city: undefined, category: undefined, q: undefined })}>
              {t('locations.list.clearFilters')}
            </Button>
          ) : null
        }
      />
    </>
  );
}

/** A limited member without view_locations: said plainly, with the scanner when they may check in by code. */
function NotForYou({ scan }: { scan: React.ReactNode }) {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <MapPinOffIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{s(LOCATION_MESSAGES.viewNotAllowed)}</p>
      {scan && <p className="max-w-sm text-sm text-muted-foreground">{t('locations.list.scanInstead')}</p>}
      {scan}
    </div>
  );
}
