import type { MapTilesView } from '@bayclub/shared';
import { t } from '#/lib/i18n';

// What the maps share without Leaflet (the picker's numbers, the default view): safe to import from any chunk.

export type MapTiles = NonNullable<MapTilesView['tiles']>;

export interface MapPoint {
  lat: number;
  lng: number;
}

/** Tampa Bay, where every place is: the first view of a map with nothing on it yet (zoom 10 shows the bay). */
export const BAY_CENTER: MapPoint = { lat: 27.85, lng: -82.55 };

/** Six decimals: about 10 cm, more than any phone knows; what the form keeps and the server stores. */
export const roundPoint = (p: MapPoint): MapPoint => ({ lat: Number(p.lat.toFixed(6)), lng: Number(wrapLng(p.lng).toFixed(6)) });

/** A map panned round the world gives longitudes past ±180: the same meridian, as the schema wants it. */
const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/** How a position reads, on screen and aloud: "27.95060° N, 82.45720° W" (the compass letters in the page's language). */
export function formatPoint(p: MapPoint): string {
  return t('locations.map.point', {
    lat: Math.abs(p.lat).toFixed(5),
    ns: p.lat >= 0 ? 'north' : 'south',
    lng: Math.abs(p.lng).toFixed(5),
    ew: p.lng >= 0 ? 'east' : 'west',
  });
}
