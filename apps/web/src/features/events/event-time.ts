import { TZDate } from '@date-fns/tz';
import { format, isSameDay } from 'date-fns';
import { CITY_LABELS, type City } from '@bayclub/shared';

/** The viewer's own zone (the browser's). */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const inZone = (iso: string, zone: string) => new TZDate(new Date(iso).getTime(), zone);

/** 'New York time' from 'America/New_York': the zone as people say it. */
export function zoneCity(zone: string): string {
  if (zone === 'UTC') return 'UTC';
  return `${(zone.split('/').pop() ?? zone).replace(/_/g, ' ')} time`;
}

/** The zone's short name at that instant ('EDT', 'GMT+1'), from Intl. */
function zoneAbbreviation(iso: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date(iso));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/**
 * The zone named when the viewer's differs from the event's (offsets compared at the event's start, so London in
 * winter and UTC count as the same): 'New York time (EDT)'; null when the viewer is in the event's zone.
 */
export function zoneLabel(event: { startsAt: string; timeZone: string }, viewerZone = viewerTimeZone()): string | null {
  if (viewerZone === event.timeZone) return null;
  const offset = (zone: string) => format(inZone(event.startsAt, zone), 'xxx');
  if (offset(viewerZone) === offset(event.timeZone) && sameRules(viewerZone, event.timeZone)) return null;
  return `${zoneCity(event.timeZone)} (${zoneAbbreviation(event.startsAt, event.timeZone)})`;
}

/** Two zone names for the same rules (America/Detroit and America/New_York) need no label. */
function sameRules(a: string, b: string): boolean {
  const jan = '2026-01-15T12:00:00.000Z';
  const jul = '2026-07-15T12:00:00.000Z';
  return format(inZone(jan, a), 'xxx') === format(inZone(jan, b), 'xxx') && format(inZone(jul, a), 'xxx') === format(inZone(jul, b), 'xxx');
}

/** The date block of a card: 'MAR' and '14' in the event's zone. */
export function dateBlock(event: { startsAt: string; timeZone: string }) {
  const start = inZone(event.startsAt, event.timeZone);
  return { month: format(start, 'MMM').toUpperCase(), day: format(start, 'd'), weekday: format(start, 'EEE') };
}

/** '7:00 PM – 9:00 PM' (or with the end's day when it ends another day), in the event's zone. */
export function timeRange(event: { startsAt: string; endsAt: string; timeZone: string }): string {
  const start = inZone(event.startsAt, event.timeZone);
  const end = inZone(event.endsAt, event.timeZone);
  const endText = isSameDay(start, end) ? format(end, 'h:mm a') : format(end, 'EEE, MMM d, h:mm a');
  return `${format(start, 'h:mm a')} – ${endText}`;
}

/** 'Saturday, March 14, 2026' in the event's zone. */
export const longDate = (event: { startsAt: string; timeZone: string }) => format(inZone(event.startsAt, event.timeZone), 'EEEE, MMMM d, yyyy');

/** A card's time line: '7:00 PM – 9:00 PM', then the zone when the viewer's differs. */
export function cardTime(event: { startsAt: string; endsAt: string; timeZone: string }, viewerZone = viewerTimeZone()): string {
  const label = zoneLabel(event, viewerZone);
  return label ? `${timeRange(event)} ${label}` : timeRange(event);
}

/** The day (in the club's or event's zone) as YYYY-MM-DD: the calendar's grouping key. */
export const dayKey = (iso: string, zone: string) => format(inZone(iso, zone), 'yyyy-MM-dd');

export const cityName = (city: City | null) => (city ? CITY_LABELS[city] : null);

/** Google Maps search for the place (venue and address). */
export function mapUrl(event: { venue: string; address: string; city: City | null }): string {
  const query = [event.venue, event.address || cityName(event.city)].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
