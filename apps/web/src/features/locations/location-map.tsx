import { MapIcon } from 'lucide-react';
import { LOCATION_MESSAGES, type LocationView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';

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
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <Button asChild variant="outline">
      <a href={href} {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        <MapIcon aria-hidden="true" />
        {s(LOCATION_MESSAGES.openInMaps)}
        {web && <span className="sr-only"> {t('locations.map.newTab')}</span>}
      </a>
    </Button>
  );
}
