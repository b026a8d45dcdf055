import * as React from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { LocateFixedIcon, XIcon } from 'lucide-react';
import type { CreateLocationInput } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { useMapTiles } from '../api';
import { GEOLOCATION_MESSAGES, useGeolocation, type GeolocationState } from '../use-geolocation';
import { PickerMap } from './lazy';
import { formatPoint, roundPoint, type MapPoint } from './map-model';
import { MapSlot } from './map-slot';

const MAP_SIZE = 'h-56 w-full sm:h-64';

/** What went wrong with "Use my position", and what to do instead (the map is always there to tap). */
export const PICKER_GEOLOCATION_MESSAGES = {
  denied: 'Location permission was denied. Allow location for this site in your browser settings, or tap the map where the place is.',
  unavailable: `${GEOLOCATION_MESSAGES.unavailable} Tap the map where the place is instead.`,
  timeout: `${GEOLOCATION_MESSAGES.timeout} Or tap the map where the place is.`,
  error: `${GEOLOCATION_MESSAGES.error} Or tap the map where the place is.`,
} as const;

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
        Where it is <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      <p id="place-position-hint" className="text-sm text-muted-foreground">
        Tap the map where the place is, or use your position when you are there. Needed for “near me”, the map and checking in by position.
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
            label="Map to place the pin. Arrow keys move the map, plus and minus zoom, Enter puts the pin at the map's centre."
            pinName={value ? `Pin at ${formatPoint(value)}. Arrow keys move it.` : 'Pin'}
          />
        </MapSlot>
      )}
      <p aria-live="polite" className="text-sm tabular-nums" data-testid="picked-position">
        {value ? `Pin at ${formatPoint(value)}` : 'No position yet.'}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void handleMyPosition()} disabled={geo.state.status === 'locating'}>
          {geo.state.status === 'locating' ? <Spinner /> : <LocateFixedIcon aria-hidden="true" />}
          Use my position
        </Button>
        {value && (
          <Button type="button" variant="ghost" size="sm" onClick={() => set(null)}>
            <XIcon aria-hidden="true" />
            Remove the pin
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
