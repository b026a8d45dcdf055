import { TZDate, tzName } from '@date-fns/tz';
import { format, isSameDay } from 'date-fns';
import { formatLocalized } from '#/lib/i18n';
import { CITY_LABELS, type City } from '@bayclub/shared';
import { t } from '#/lib/i18n';
// The words below are the events catalogue's; they are called while rendering components that read it (useT).
import './i18n';

/** The viewer's own zone (the browser's). */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const inZone = (iso: string, zone: string) => new TZDate(new Date(iso).getTime(), zone);

/** 'New York time' from 'America/New_York': the zone as people say it. */
export function zoneCity(zone: string): string {
  if (zone === 'UTC') return 'UTC';
  return t('events.zone.city', { city: (zone.split('/').pop() ?? zone).replace(/_/g, ' ') });
}

/** The zone's short name at that instant ('EDT' in July, 'EST' in December, 'GMT+1'): never the start's for the end. */
export const zoneAbbreviation = (iso: string, zone: string): string => tzName(zone, new Date(iso), 'short');

/** Does a viewer in `viewerZone` need `zone` named? Not when both follow the same rules (Detroit and New York). */
export function zoneDiffers(zone: string, viewerZone = viewerTimeZone()): boolean {
  return viewerZone !== zone && !sameRules(viewerZone, zone);
}

/** Starts and ends on different sides of a clock change (EDT then EST): each end then carries its own name. */
const crossesClockChange = (event: { startsAt: string; endsAt: string; timeZone: string }) =>
  zoneAbbreviation(event.startsAt, event.timeZone) !== zoneAbbreviation(event.endsAt, event.timeZone);

/**
 * The zone named when the viewer's differs from the event's: 'New York time (EDT)'; just 'New York time' for an
 * event that crosses a clock change, whose time range names each end's abbreviation itself (timeRange). Null when
 * the viewer is in the event's zone (or one with the same rules).
 */
export function zoneLabel(event: { startsAt: string; endsAt: string; timeZone: string }, viewerZone = viewerTimeZone()): string | null {
  if (!zoneDiffers(event.timeZone, viewerZone)) return null;
  if (crossesClockChange(event)) return zoneCity(event.timeZone);
  return `${zoneCity(event.timeZone)} (${zoneAbbreviation(event.startsAt, event.timeZone)})`;
}

/**
 * The note a list names its zone in, once for the page ('All times are New York time.'), or null when the viewer
 * is in that zone. Cards of events in that zone then leave it out (cardTime's `pageZone`).
 */
export function pageZoneNote(zone: string, viewerZone = viewerTimeZone()): string | null {
  return zoneDiffers(zone, viewerZone) ? t('events.zone.pageNote', { zone: zoneCity(zone) }) : null;
}

/** Two zone names for the same rules (America/Detroit and America/New_York) need no label. */
function sameRules(a: string, b: string): boolean {
  if (a === b) return true;
  const jan = '2026-01-15T12:00:00.000Z';
  const jul = '2026-07-15T12:00:00.000Z';
  return format(inZone(jan, a), 'xxx') === format(inZone(jan, b), 'xxx') && format(inZone(jul, a), 'xxx') === format(inZone(jul, b), 'xxx');
}

/** The date block of a card: 'MAR' and '14' in the event's zone. */
export function dateBlock(event: { startsAt: string; timeZone: string }) {
  const start = inZone(event.startsAt, event.timeZone);
  return { month: formatLocalized(start, 'MMM').toUpperCase(), day: format(start, 'd'), weekday: formatLocalized(start, 'EEE') };
}

/**
 * '7:00 PM – 9:00 PM' (or with the end's day when it ends another day), in the event's zone. An event that crosses a
 * clock change names each end's abbreviation at its own instant: '11:00 PM EDT – Sun, Nov 1, 3:00 AM EST'.
 */
export function timeRange(event: { startsAt: string; endsAt: string; timeZone: string }): string {
  const start = inZone(event.startsAt, event.timeZone);
  const end = inZone(event.endsAt, event.timeZone);
  const endText = isSameDay(start, end) ? formatLocalized(end, 'h:mm a') : formatLocalized(end, 'EEE, MMM d, h:mm a');
  if (crossesClockChange(event)) {
    return `${formatLocalized(start, 'h:mm a')} ${zoneAbbreviation(event.startsAt, event.timeZone)} – ${endText} ${zoneAbbreviation(event.endsAt, event.timeZone)}`;
  }
  return `${formatLocalized(start, 'h:mm a')} – ${endText}`;
}

/** 'Fri, Mar 13, 7:00 PM' in the event's zone (a deadline before the event, such as when refunds close). */
export const dayAndTime = (iso: string, zone: string) => formatLocalized(inZone(iso, zone), 'EEE, MMM d, h:mm a');

/** 'Saturday, March 14, 2026' in the event's zone. */
export const longDate = (event: { startsAt: string; timeZone: string }) => formatLocalized(inZone(event.startsAt, event.timeZone), 'EEEE, MMMM d, yyyy');

/**
 * A card's time line: '7:00 PM – 9:00 PM', then the zone when the viewer's differs, unless the page already named
 * it (`pageZone`: the list's note, pageZoneNote).
 */
export function cardTime(
  event: { startsAt: string; endsAt: string; timeZone: string },
  viewerZone = viewerTimeZone(),
  pageZone: string | null = null,
): string {
  const label = event.timeZone === pageZone ? null : zoneLabel(event, viewerZone);
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
