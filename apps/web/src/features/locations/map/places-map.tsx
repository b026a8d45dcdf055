import { Link } from 'react-router';
import { CITY_LABELS, eventPath, LOCATION_CATEGORY_LABELS, type EventSummaryView, type LocationCardView } from '@bayclub/shared';
import { useEventListQuery } from '#/features/events/api';
import { itemsOf } from '#/lib/api';
import { intlLocale, useSharedText, useT } from '#/lib/i18n';
import { useLocationListQuery, useMapTiles, type LocationFilters } from '../api';
import { catalog } from '../i18n';
import { MarkersMap } from './lazy';
import { MapSlot } from './map-slot';
import type { MapMarkerSpec } from './leaflet-map';

/** "Sat, Dec 5" in the event's own zone (the club's): the popup has room for the day only. */
const formatEventDay = (event: EventSummaryView) =>
  new Intl.DateTimeFormat(intlLocale(), { weekday: 'short', month: 'short', day: 'numeric', timeZone: event.timeZone }).format(new Date(event.startsAt));

const MAP_SIZE = 'h-64 w-full sm:h-80 lg:h-96';

/**
 * '/locations': the places the list shows (same filters, the pages loaded so far) on a map, and the upcoming events
 * held at them in their popups (the events list the member reads on /events: only events they may see). The list
 * stays the primary view; the map is a second way to the same pages.
 */
export function LocationsMap({ places }: { places: LocationCardView[] }) {
  const tiles = useMapTiles();
  const t = useT(catalog);
  const pinned = places.filter((p): p is LocationCardView & { latitude: number; longitude: number } => p.latitude !== null && p.longitude !== null);
  const events = itemsOf(useEventListQuery({}, Boolean(tiles) && pinned.length > 0).data);
  if (!tiles || pinned.length === 0) return null;
  const eventsAt = new Map<string, EventSummaryView[]>();
  for (const event of events) if (event.locationId && event.status !== 'cancelled') eventsAt.set(event.locationId, [...(eventsAt.get(event.locationId) ?? []), event]);
  const markers: MapMarkerSpec[] = pinned.map((place) => {
    const here = eventsAt.get(place.id) ?? [];
    return {
      id: place.id,
      position: { lat: place.latitude, lng: place.longitude },
      name: here.length ? t('locations.map.pinWithEvents', { name: place.name, count: here.length }) : place.name,
      tone: here.length ? 'event' : 'place',
      popup: <PlacePopup place={place} events={here} />,
    };
  });
  const withEvents = markers.filter((m) => m.tone === 'event').length;
  return (
    <section aria-labelledby="places-map-title" className="grid gap-2">
      <h2 id="places-map-title" className="sr-only">
        {t('locations.map.placesTitle')}
      </h2>
      <MapSlot className={MAP_SIZE}>
        <MarkersMap
          tiles={tiles}
          className={MAP_SIZE}
          label={t('locations.map.placesLabel', { count: markers.length })}
          markers={markers}
        />
      </MapSlot>
      <p className="text-xs text-muted-foreground">
        {withEvents > 0 ? `${t('locations.map.orangePins')} ` : ''}
        {places.length > pinned.length ? t('locations.map.unpinned', { count: places.length - pinned.length }) : ''}
      </p>
    </section>
  );
}

/** The map of the list with these filters (the same query, so the same cache entry and pages as the list). */
export function LocationsMapFor({ filters }: { filters: LocationFilters }) {
  return <LocationsMap places={itemsOf(useLocationListQuery(filters).data)} />;
}

function PlacePopup({ place, events }: { place: LocationCardView; events: EventSummaryView[] }) {
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <div className="grid gap-1">
      <Link to={`/locations/${place.id}`} className="font-semibold underline underline-offset-2">
        {place.name}
      </Link>
      <span className="text-muted-foreground">
        {s(LOCATION_CATEGORY_LABELS[place.category])} · {s(CITY_LABELS[place.city])}
      </span>
      {events.length > 0 && (
        <ul aria-label={t('locations.map.popupEvents', { name: place.name })} className="mt-1 grid gap-1">
          {events.slice(0, 3).map((event) => (
            <li key={event.id}>
              <Link to={eventPath(event.id)} className="underline underline-offset-2">
                {event.title}
              </Link>{' '}
              <span className="text-muted-foreground">{formatEventDay(event)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
