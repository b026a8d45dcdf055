import { createEvent, createEvents, type DateArray, type EventAttributes } from 'ics';
import { eventPath, type EventStatus, type Locale } from '@bayclub/shared';
import { translatorFor, type Translate } from '../../platform/i18n.js';

/** What a calendar entry needs of an event (one row; the feed adds the member's registration). */
export interface CalendarEventRow {
  id: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venue: string;
  address: string;
  status: EventStatus;
  sequence: number;
  /** In the personal feed: a waitlisted member's entry is TENTATIVE. */
  waitlisted?: boolean;
}

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const PRODUCT_ID = '-//Bay Club//Events//EN';

/**
 * The instant as ics's UTC date array. The `ics` library reads arrays in the process's zone unless told they are
 * UTC (startInputType 'utc'), and a JS Date would be read in the process's zone too: so the array is built from
 * the UTC fields and both input and output are UTC (DTSTART:...Z). Then the server's own zone never matters, and a
 * 19:00 America/New_York event lands at 19:00 local on both sides of a clock change.
 */
function utcArray(d: Date): DateArray {
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
}

export const eventPageUrl = (origin: string, eventId: string) => `${origin}${eventPath(eventId)}`;

/**
 * One entry. The title, description, venue and address are the host's own words (never translated); what the file
 * adds itself ("You are on the waitlist.") is in the language of the member who downloads it (issue 26).
 */
function attributes(e: CalendarEventRow, origin: string, t: Translate): EventAttributes {
  const url = eventPageUrl(origin, e.id);
  const notes = [e.description.trim(), e.waitlisted ? t('events.ics.waitlisted') : '', url].filter(Boolean);
  return {
    uid: `${e.id}@bayclub`,
    sequence: e.sequence,
    start: utcArray(e.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcArray(e.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: e.title,
    description: notes.join('\n\n'),
    location: [e.venue, e.address].filter((s) => s.trim()).join(', '),
    url,
    status: e.status === 'cancelled' ? 'CANCELLED' : e.waitlisted ? 'TENTATIVE' : 'CONFIRMED',
    productId: PRODUCT_ID,
  };
}

/** One event's .ics (Add to calendar): METHOD:PUBLISH, stable UID, SEQUENCE, UTC times; `locale`: the reader's. */
export function eventIcs(e: CalendarEventRow, origin: string, locale: Locale = 'en'): string {
  const { error, value } = createEvent({ ...attributes(e, origin, translatorFor(locale)), method: 'PUBLISH' });
  if (error || !value) throw error ?? new Error('ics: no output');
  return value;
}

/** The personal feed: every entry in one calendar (an empty calendar is still a valid file), in the owner's language. */
export function feedIcs(rows: CalendarEventRow[], origin: string, locale: Locale = 'en'): string {
  const t = translatorFor(locale);
  const calName = t('events.ics.calendarName');
  if (rows.length === 0) {
    return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'CALSCALE:GREGORIAN', `PRODID:${PRODUCT_ID}`, 'METHOD:PUBLISH', `X-WR-CALNAME:${calName}`, 'END:VCALENDAR', ''].join('\r\n');
  }
  const { error, value } = createEvents(
    rows.map((r) => attributes(r, origin, t)),
    { productId: PRODUCT_ID, method: 'PUBLISH', calName },
  );
  if (error || !value) throw error ?? new Error('ics: no output');
  return value;
}

/** "Sunset Yoga on the Pier!" -> "sunset-yoga-on-the-pier" (ASCII only: a safe Content-Disposition filename). */
export function icsFilename(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${slug || 'event'}.ics`;
}
