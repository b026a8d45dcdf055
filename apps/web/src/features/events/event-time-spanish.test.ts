import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '#/lib/i18n';
import { dateBlock, dayAndTime, longDate, timeRange } from './event-time';

// Issue 26: an event's dates in both languages, in the event's zone, across New York's clock changes.
const NY = 'America/New_York';
// 2026-11-01: clocks go back at 2:00 (EDT -> EST). 2026-03-08: forward at 2:00 (EST -> EDT).
const acrossFallBack = { startsAt: '2026-11-01T03:00:00.000Z', endsAt: '2026-11-01T08:00:00.000Z', timeZone: NY };
const acrossSpringForward = { startsAt: '2026-03-08T05:30:00.000Z', endsAt: '2026-03-08T08:30:00.000Z', timeZone: NY };
const evening = { startsAt: '2026-12-05T00:00:00.000Z', endsAt: '2026-12-05T02:00:00.000Z', timeZone: NY };

describe('event dates in English and Spanish', () => {
  afterEach(() => activateLocale('en'));

  it('English keeps its wording', () => {
    expect(timeRange(acrossFallBack)).toBe('11:00 PM EDT – Sun, Nov 1, 3:00 AM EST');
    expect(timeRange(acrossSpringForward)).toBe('12:30 AM EST – 4:30 AM EDT');
    expect(longDate(evening)).toBe('Friday, December 4, 2026');
    expect(dayAndTime(evening.startsAt, NY)).toBe('Fri, Dec 4, 7:00 PM');
    expect(dateBlock(evening)).toEqual({ month: 'DEC', day: '4', weekday: 'Fri' });
  });

  it('Spanish says the same instants in its own words and order', async () => {
    await activateLocale('es');
    expect(timeRange(acrossFallBack)).toMatch(/^11:00 p\.m\. EDT – dom 1 de nov, 3:00 a\.m\. EST$/);
    expect(timeRange(acrossSpringForward)).toMatch(/^12:30 a\.m\. EST – 4:30 a\.m\. EDT$/);
    expect(longDate(evening)).toBe('viernes, 4 de diciembre de 2026');
    expect(dayAndTime(evening.startsAt, NY)).toMatch(/^vie 4 de dic, 7:00 p\.m\.$/);
    expect(dateBlock(evening)).toEqual({ month: 'DIC', day: '4', weekday: 'vie' });
  });
});
