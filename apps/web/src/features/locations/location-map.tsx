import { MapIcon, MapPinIcon } from 'lucide-react';
import { LOCATION_MESSAGES, type LocationView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';

type Platform = 'android' | 'apple' | 'other';

/** Which map app a link should open: Android hands geo: URIs to the member's chosen app; Apple devices open Apple Maps. */
export function mapPlatform(userAgent: string): Platform {
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod|Macintosh/i.test(userAgent)) return 'apple';
  return 'other';
}

/** The server's links (LocationMapView), the one that suits this device: geo: on Android, Apple Maps, else Google Maps. */
export function mapHref(map: LocationView['map'], platform: Platform): string {
  if (platform === 'android' && map.geoUri) return map.geoUri;
  if (platform === 'apple') return map.appleMapsUrl;
  return map.googleMapsUrl;
}

/** "Open in Maps": the member's own map app; nothing is loaded into the page for it. */
export function MapLink({ place }: { place: LocationView }) {
  const href = mapHref(place.map, mapPlatform(navigator.userAgent));
  const web = href.startsWith('https:');
  return (
    <Button asChild variant="outline">
      <a href={href} {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        <MapIcon aria-hidden="true" />
        {LOCATION_MESSAGES.openInMaps}
        {web && <span className="sr-only"> (opens in a new tab)</span>}
      </a>
    </Button>
  );
}

const TILE = 256;
const ZOOM = 16;

/** Web Mercator tile coordinates (fractional) of a point at ZOOM. */
export function tilePoint(lat: number, lng: number, zoom = ZOOM) {
  const n = 2 ** zoom;
  const rad = (lat * Math.PI) / 180;
  return { x: ((lng + 180) / 360) * n, y: ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n };
}

/**
 * A small embedded map, only when the server names a tile source (MAP_TILE_URL) and the place has coordinates:
 * plain tile images around the point with a pin in the middle (no map library; the page works without it).
 */
export function TileMap({ place }: { place: LocationView }) {
  const { tiles, latitude, longitude } = place.map;
  if (!tiles || latitude === null || longitude === null) return null;
  const center = tilePoint(latitude, longitude);
  const cells: Array<{ x: number; y: number }> = [];
  for (let dy = -1; dy <= 1; dy++) for (let dx = -2; dx <= 2; dx++) cells.push({ x: Math.floor(center.x) + dx, y: Math.floor(center.y) + dy });
  const src = (x: number, y: number) =>
    tiles.urlTemplate.replace('{z}', String(ZOOM)).replace('{x}', String(x)).replace('{y}', String(y)).replace('{s}', 'a');
  return (
    <figure className="grid gap-1">
      <div role="img" aria-label={`Map around ${place.name}`} className="relative h-48 overflow-hidden rounded-xl border bg-muted">
        {cells.map(({ x, y }) => (
          <img
            key={`${x}-${y}`}
            src={src(x, y)}
            alt=""
            loading="lazy"
            width={TILE}
            height={TILE}
            className="absolute max-w-none"
            style={{ left: `calc(50% + ${Math.round((x - center.x) * TILE)}px)`, top: `calc(50% + ${Math.round((y - center.y) * TILE)}px)` }}
          />
        ))}
        <MapPinIcon aria-hidden="true" className="absolute top-1/2 left-1/2 size-8 -translate-x-1/2 -translate-y-full fill-primary text-primary-foreground" />
      </div>
      {tiles.attribution && <figcaption className="text-xs text-muted-foreground">{tiles.attribution}</figcaption>}
    </figure>
  );
}
