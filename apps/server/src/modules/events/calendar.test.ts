import { describe, expect, it } from 'vitest';
import { zonedToUtc } from '@bayclub/shared';
import { applyAs, buildTestApp, createMember, deactivate, injectAs, type TestUser } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { cancelEventRow, insertEvent } from '../../test/calendar-fixtures.js';
import { eventIcs, icsFilename } from './calendar.js';

/** GET /api/events/:id/calendar.ics (issue 11): UTC times right across daylight saving, stable UID, SEQUENCE, status. */
const t = await buildTestApp();
const host = await createMember(t);
const member = await createMember(t);
const applicant = await applyAs(t);

const ics = (user: TestUser | null, id: string) => injectAs(t, user, { method: 'GET', url: `/api/events/${id}/calendar.ics` });
const line = (body: string, name: string) => body.split('\r\n').find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);

/** 19:00 America/New_York on both sides of both 2026 clock changes, and the UTC instant each must be. */
const DST_CASES: Array<[string, string]> = [
  ['2026-03-07T19:00', '20260308T000000Z'], // Saturday before spring forward: EST, UTC-5 (the next UTC day)
  ['2026-03-08T19:00', '20260308T230000Z'], // the day of spring forward: EDT, UTC-4
  ['2026-10-31T19:00', '20261031T230000Z'], // Saturday before fall back: EDT
  ['2026-11-01T19:00', '20261102T000000Z'], // the day of fall back: EST (the next UTC day)
];

describe('GET /api/events/:id/calendar.ics', () => {
  it('answers a visible event as a calendar file: UID, SEQUENCE, METHOD, status, place, link', async () => {
    const id = await insertEvent(t, { createdBy: host.id, visibility: 'public', title: 'Sunset Yoga, on the Pier!', venue: 'Pier 60', address: '1 Causeway Blvd' });
    const res = await ics(null, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sunset-yoga-on-the-pier.ics"');
    const body = res.body;
    expect(line(body, 'UID')).toBe(`${id}@bayclub`);
    expect(line(body, 'SEQUENCE')).toBe('0');
    expect(line(body, 'METHOD')).toBe('PUBLISH');
    expect(line(body, 'STATUS')).toBe('CONFIRMED');
    expect(line(body, 'SUMMARY')).toBe('Sunset Yoga\\, on the Pier!');
    expect(line(body, 'LOCATION')).toBe('Pier 60\\, 1 Causeway Blvd');
    expect(line(body, 'URL')).toBe(`http://localhost:3000/events/${id}`);
    // The description carries the event's link too (folded lines unfolded first).
    expect(body.replace(/\r\n[ \t]/g, '')).toContain(`DESCRIPTION:Bring a mat.\\n\\nhttp://localhost:3000/events/${id}`);
  });

  it.each(DST_CASES)('19:00 New York on %s starts at %s, whatever zone the server runs in', async (local, utc) => {
    const id = await insertEvent(t, { createdBy: host.id, visibility: 'public', startsAtLocal: local });
    const res = await ics(null, id);
    expect(line(res.body, 'DTSTART')).toBe(utc);
    const previous = process.env.TZ;
    try {
      // Node applies a new TZ at once: Tokyo (UTC+9, no DST) would shift anything read as process-local time.
      process.env.TZ = 'Asia/Tokyo';
      expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(-540);
      const again = await ics(null, id);
      expect(line(again.body, 'DTSTART')).toBe(utc);
      expect(line(again.body, 'DTEND')).toBe(line(res.body, 'DTEND'));
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });

  it('the builder itself writes UTC under another process zone (no Date read as local time)', () => {
    const previous = process.env.TZ;
    try {
      for (const zone of ['Asia/Tokyo', 'America/Los_Angeles', 'UTC']) {
        process.env.TZ = zone;
        for (const [local, utc] of DST_CASES) {
          const startsAt = zonedToUtc(local, 'America/New_York');
          const body = eventIcs(
            { id: 'x', title: 'T', description: '', startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), timeZone: 'America/New_York', venue: 'V', address: '', status: 'scheduled', sequence: 0 },
            'http://localhost:3000',
          );
          expect(line(body, 'DTSTART'), `${local} with TZ=${zone}`).toBe(utc);
        }
      }
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });

  it('a cancelled event: STATUS:CANCELLED and a higher SEQUENCE, same UID', async () => {
    const id = await insertEvent(t, { createdBy: host.id, visibility: 'members' });
    const before = await ics(member, id);
    expect(line(before.body, 'STATUS')).toBe('CONFIRMED');
    await cancelEventRow(t, id);
    const after = await ics(member, id);
    expect(after.statusCode).toBe(200);
    expect(line(after.body, 'STATUS')).toBe('CANCELLED');
    expect(Number(line(after.body, 'SEQUENCE'))).toBeGreaterThan(Number(line(before.body, 'SEQUENCE')));
    expect(line(after.body, 'UID')).toBe(line(before.body, 'UID'));
  });

  it('through the events routes: an event made in the form lands right across DST; each edit and the cancel raise SEQUENCE', async () => {
    const made = await injectAs(t, host, {
      method: 'POST',
      url: '/api/events',
      payload: { title: 'Spring forward social', startsAtLocal: '2027-03-14T19:00', endsAtLocal: '2027-03-14T21:00', venue: 'Armature Works', visibility: 'members' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const first = await ics(member, id);
    expect(line(first.body, 'DTSTART')).toBe('20270314T230000Z');
    expect(line(first.body, 'SEQUENCE')).toBe('0');
    const edited = await injectAs(t, host, { method: 'PATCH', url: `/api/events/${id}`, payload: { startsAtLocal: '2027-11-07T19:00', endsAtLocal: '2027-11-07T21:00', timeZone: 'America/New_York' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await ics(member, id);
    expect(line(moved.body, 'DTSTART')).toBe('20271108T000000Z');
    expect(line(moved.body, 'SEQUENCE')).toBe('1');
    expect((await injectAs(t, host, { method: 'POST', url: `/api/events/${id}/cancel`, payload: {} })).statusCode).toBe(200);
    const cancelled = await ics(member, id);
    expect(line(cancelled.body, 'STATUS')).toBe('CANCELLED');
    expect(line(cancelled.body, 'SEQUENCE')).toBe('2');
    expect(line(cancelled.body, 'UID')).toBe(`${id}@bayclub`);
  });

  it('follows eventViewer: members-only 404 for visitors and applicants, community-only for outsiders, unknown ids 404', async () => {
    const membersOnly = await insertEvent(t, { createdBy: host.id, visibility: 'members' });
    expect((await ics(null, membersOnly)).statusCode).toBe(404);
    expect((await ics(applicant, membersOnly)).statusCode).toBe(404);
    expect((await ics(member, membersOnly)).statusCode).toBe(200);
    const community = await insertCommunity(t, { visibility: 'private', creatorId: host.id });
    const communityOnly = await insertEvent(t, { createdBy: host.id, visibility: 'community', communityId: community });
    expect((await ics(member, communityOnly)).statusCode).toBe(404);
    await addMember(t, community, member.id);
    expect((await ics(member, communityOnly)).statusCode).toBe(200);
    const unknown = await ics(member, '6f1c3e2a-8d4b-4c1e-9f2a-1b2c3d4e5f60');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'This event is not available' } });
    expect((await ics(member, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('hides an event whose creator is deactivated or blocked either way', async () => {
    const creator = await createMember(t);
    const id = await insertEvent(t, { createdBy: creator.id, visibility: 'public' });
    const blocker = await createMember(t);
    expect((await injectAs(t, creator, { method: 'POST', url: '/api/blocks', payload: { userId: blocker.id } })).statusCode).toBeLessThan(300);
    expect((await ics(blocker, id)).statusCode).toBe(404);
    expect((await ics(member, id)).statusCode).toBe(200);
    await deactivate(t, creator.id);
    expect((await ics(null, id)).statusCode).toBe(404);
  });

  it('slugifies the filename to ASCII, with a fallback', () => {
    expect(icsFilename('Café Night — Ybor City')).toBe('cafe-night-ybor-city.ics');
    expect(icsFilename('🎉🎉🎉')).toBe('event.ics');
    expect(icsFilename('"; x=1')).toBe('x-1.ics');
  });
});
