import { CITY_LABELS, type LocationView } from '@bayclub/shared';
import { useSharedText, useT } from '#/lib/i18n';
import { useLocationQuery } from '../api';
import { catalog } from '../i18n';
import { useLocationAccess } from '../use-location-access';
import { MarkersMap } from './lazy';
import { MapSlot } from './map-slot';

const MAP_SIZE = 'h-56 w-full sm:h-72';

/** One place on a map (its page, an event held there), when the server has tiles and the place a position. */
export function PlaceMap({ place }: { place: LocationView }) {
  const { tiles, latitude, longitude } = place.map;
  const t = useT(catalog);
  const s = useSharedText();
  if (!tiles || latitude === null || longitude === null) return null;
  return (
    <MapSlot className={MAP_SIZE}>
      <MarkersMap
        tiles={tiles}
        className={MAP_SIZE}
        label={t('locations.map.placeLabel', { name: place.name })}
        markers={[
          {
            id: place.id,
            position: { lat: latitude, lng: longitude },
            name: place.name,
            tone: 'place',
            popup: (
              <span className="grid gap-0.5">
                <strong>{place.name}</strong>
                <span>{place.address ? `${place.address}, ${s(CITY_LABELS[place.city])}` : s(CITY_LABELS[place.city])}</span>
              </span>
            ),
          },
        ]}
      />
    </MapSlot>
  );
}

/**
 * The map of the place an event is held at (the event page): read through the place's own page, so only members
 * who may see that place get it (the server answers 404 to the others, and the map is then simply not there).
 */
export function EventPlaceMap({ locationId }: { locationId: string | null }) {
  const { canView } = useLocationAccess();
  const query = useLocationQuery(locationId ?? '', canView && locationId !== null);
  const t = useT(catalog);
  if (!query.data) return null;
  return (
    <section aria-labelledby="event-place-map" className="grid gap-2">
      <h2 id="event-place-map" className="text-lg font-semibold">
        {t('locations.map.eventPlace')}
      </h2>
      <PlaceMap place={query.data} />
    </section>
  );
}
