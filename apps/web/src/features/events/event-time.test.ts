import { describe, expect, it } from 'vitest';
import { defaultEventTimes } from './event-form-dialog';
import { cardTime, dateBlock, mapUrl, pageZoneNote, timeRange, zoneAbbreviation, zoneLabel } from './event-time';

const MARCH = { startsAt: '2026-03-14T23:00:00.000Z', endsAt: '2026-03-15T01:00:00.000Z', timeZone: 'America/New_York' };

describe('event times', () => {
  it('shows the wall-clock time in the event’s zone on both sides of the DST changes', () => {
    // 7 March (EST, UTC-5) and 8 March after the spring change (EDT, UTC-4): both 19:00 local.
    expect(timeRange({ startsAt: '2026-03-08T00:00:00.000Z', endsAt: '2026-03-08T02:00:00.000Z', timeZone: 'America/New_York' })).toBe('7:00 PM – 9:00 PM');
    expect(timeRange({ startsAt: '2026-03-08T23:00:00.000Z', endsAt: '2026-03-09T01:00:00.000Z', timeZone: 'America/New_York' })).toBe('7:00 PM – 9:00 PM');
    // 31 October (EDT) and 1 November after the fall change (EST, UTC-5).
    expect(timeRange({ startsAt: '2026-10-31T23:00:00.000Z', endsAt: '2026-11-01T01:00:00.000Z', timeZone: 'America/New_York' })).toBe('7:00 PM – 9:00 PM');
    expect(timeRange({ startsAt: '2026-11-02T00:00:00.000Z', endsAt: '2026-11-02T02:00:00.000Z', timeZone: 'America/New_York' })).toBe('7:00 PM – 9:00 PM');
  });

  it('names the zone only when the viewer’s differs', () => {
    expect(zoneLabel(MARCH, 'America/New_York')).toBeNull();
    // Same rules under another name: no label.
    expect(zoneLabel(MARCH, 'America/Detroit')).toBeNull();
    expect(zoneLabel(MARCH, 'America/Los_Angeles')).toBe('New York time (EDT)');
    expect(zoneLabel({ ...MARCH, timeZone: 'Europe/London' }, 'UTC')).toBe('London time (GMT)');
    expect(cardTime(MARCH, 'Europe/London')).toBe('7:00 PM – 9:00 PM New York time (EDT)');
  });

  it('names the abbreviation per instant: an event across the fall change ends in EST, not the start’s EDT', () => {
    // 11 PM EDT on Saturday 31 October 2026 until 3 AM EST on Sunday 1 November (the clocks go back at 2 AM).
    const night = { startsAt: '2026-11-01T03:00:00.000Z', endsAt: '2026-11-01T08:00:00.000Z', timeZone: 'America/New_York' };
    expect(zoneAbbreviation(night.startsAt, night.timeZone)).toBe('EDT');
    expect(zoneAbbreviation(night.endsAt, night.timeZone)).toBe('EST');
    expect(timeRange(night)).toBe('11:00 PM EDT – Sun, Nov 1, 3:00 AM EST');
    // The range names both ends; the label then names only the place, never '(EDT)' for the whole night.
    expect(zoneLabel(night, 'Europe/London')).toBe('New York time');
    expect(cardTime(night, 'Europe/London')).toBe('11:00 PM EDT – Sun, Nov 1, 3:00 AM EST New York time');
    // The spring change too: 1 AM EST to 4 AM EDT on 8 March 2026.
    expect(timeRange({ startsAt: '2026-03-08T06:00:00.000Z', endsAt: '2026-03-08T08:00:00.000Z', timeZone: 'America/New_York' })).toBe(
      '1:00 AM EST – 4:00 AM EDT',
    );
    // An event on one side of the change keeps its plain range and the one abbreviation in the label.
    expect(zoneLabel({ startsAt: '2026-12-05T00:00:00.000Z', endsAt: '2026-12-05T02:00:00.000Z', timeZone: 'America/New_York' }, 'UTC')).toBe(
      'New York time (EST)',
    );
  });

  it('names the list’s zone once for the page; cards of that zone then leave it out', () => {
    expect(pageZoneNote('America/New_York', 'Europe/London')).toBe('All times are New York time.');
    expect(pageZoneNote('America/New_York', 'America/New_York')).toBeNull();
    expect(pageZoneNote('America/New_York', 'America/Detroit')).toBeNull();
    expect(cardTime(MARCH, 'Europe/London', 'America/New_York')).toBe('7:00 PM – 9:00 PM');
    // An event in another zone still names its own on the card.
    expect(cardTime({ ...MARCH, timeZone: 'Europe/London' }, 'America/New_York', 'America/New_York')).toBe(
      '11:00 PM – Sun, Mar 15, 1:00 AM London time (GMT)',
    );
  });

  it('shows the day of the event’s zone, not the viewer’s', () => {
    // 23:00 UTC is already the 15th in London, still the 14th in New York.
    expect(dateBlock(MARCH)).toEqual({ month: 'MAR', day: '14', weekday: 'Sat' });
  });

  it('names the end day when an event ends on another day', () => {
    expect(timeRange({ ...MARCH, endsAt: '2026-03-16T01:00:00.000Z' })).toBe('7:00 PM – Sun, Mar 15, 9:00 PM');
  });

  it('builds the Google Maps search from venue and address (or city)', () => {
    expect(mapUrl({ venue: 'The Pier', address: '', city: 'st_pete' })).toBe('https://www.google.com/maps/search/?api=1&query=The%20Pier%2C%20St%20Pete');
  });

  it('defaults new events to next Saturday 19:00-21:00 club time', () => {
    // Friday 13 March 2026, noon in New York.
    expect(defaultEventTimes(new Date('2026-03-13T16:00:00.000Z'))).toEqual({ startsAtLocal: '2026-03-14T19:00', endsAtLocal: '2026-03-14T21:00' });
    // Saturday 14 March 23:30 in New York (already Sunday in UTC): a week on.
    expect(defaultEventTimes(new Date('2026-03-15T03:30:00.000Z'))).toEqual({ startsAtLocal: '2026-03-21T19:00', endsAtLocal: '2026-03-21T21:00' });
  });
});
