import * as React from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { LocateFixedIcon, XIcon } from 'lucide-react';
import type { CreateLocationInput } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { t as translate, useT } from '#/lib/i18n';
import { useMapTiles } from '../api';
import { catalog } from '../i18n';
import { useGeolocation, type GeolocationState } from '../use-geolocation';
import { PickerMap } from './lazy';
import { formatPoint, roundPoint, type MapPoint } from './map-model';
import { MapSlot } from './map-slot';

const MAP_SIZE = 'h-56 w-full sm:h-64';

/**
 * What went wrong with "Use my position", and what to do instead (the map is always there to tap); read when shown,
 * in the page's language.
 */
export const PICKER_GEOLOCATION_MESSAGES = {
  get denied() {
    return translate('locations.picker.geo.denied');
  },
  get unavailable() {
    return translate('locations.picker.geo.unavailable');
  },
  get timeout() {
    return translate('locations.picker.geo.timeout');
  },
  get error() {
    return translate('locations.picker.geo.error');
  },
};

const problemOf = (state: GeolocationState): string | null =>
  state.status === 'denied' || state.status === 'unavailable' || state.status === 'timeout' || state.status === 'error' ? PICKER_GEOLOCATION_MESSAGES[state.status] : null;

/**
 * Where a place is, for the create and edit forms: tap the map (or drag the pin, or use the keyboard: arrow keys
 * move the focused map, Enter drops the pin at its centre, arrow keys on the pin move it), or "Use my position".
 * Nobody has to type a coordinate; the chosen one is shown in words and announced. Without a tile source (maps
 * off) the `fallback` (typed coordinates) is used instead.
 */
export function CoordinatePicker({ fallback }: { fallback: React.ReactNode }) {
  const tiles = useMapTiles();
  const { control, setValue, getFieldState, formState } = useFormContext<CreateLocationInput>();
  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] });
  const geo = useGeolocation();
  const t = useT(catalog);
  const value: MapPoint | null =
    typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude) ? { lat: latitude, lng: longitude } : null;

  const set = (point: MapPoint | null) => {
    const options = { shouldDirty: true, shouldValidate: true, shouldTouch: true };
    setValue('latitude', point?.lat ?? null, options);
    setValue('longitude', point?.lng ?? null, options);
  };
  const handleMyPosition = async () => {
    const state = await geo.locate();
    if (state.status === 'located') set(roundPoint(state.position));
  };

  if (tiles === null) return fallback;
  const problem = problemOf(geo.state);
  const fieldError = getFieldState('latitude', formState).error?.message ?? getFieldState('longitude', formState).error?.message;
  return (
    <fieldset className="grid gap-3" aria-describedby="place-position-hint">
      <legend className="mb-1 text-sm font-medium">
        {t('locations.picker.legend')} <span className="font-normal text-muted-foreground">{t('locations.optional')}</span>
      </legend>
      <p id="place-position-hint" className="text-sm text-muted-foreground">
        {t('locations.picker.hint')}
      </p>
      {tiles === undefined ? (
        <div className={`${MAP_SIZE} animate-pulse rounded-xl bg-muted`} />
      ) : (
        <MapSlot className={MAP_SIZE}>
          <PickerMap
            tiles={tiles}
            className={MAP_SIZE}
            value={value}
            onPick={set}
            label={t('locations.picker.mapLabel')}
            pinName={value ? t('locations.picker.pinName', { point: formatPoint(value) }) : t('locations.picker.pin')}
          />
        </MapSlot>
      )}
      <p aria-live="polite" className="text-sm tabular-nums" data-testid="picked-position">
        {value ? t('locations.picker.pinAt', { point: formatPoint(value) }) : t('locations.picker.noPosition')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void handleMyPosition()} disabled={geo.state.status === 'locating'}>
          {geo.state.status === 'locating' ? <Spinner /> : <LocateFixedIcon aria-hidden="true" />}
          {t('locations.useMyPosition')}
        </Button>
        {value && (
          <Button type="button" variant="ghost" size="sm" onClick={() => set(null)}>
            <XIcon aria-hidden="true" />
            {t('locations.picker.remove')}
          </Button>
        )}
      </div>
      {(problem ?? fieldError) && (
        <p role="alert" className="text-sm text-destructive">
          {problem ?? fieldError}
        </p>
      )}
    </fieldset>
  );
}
