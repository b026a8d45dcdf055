import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EVENT_MESSAGES, flagSettingKey, type AttendanceView, type CheckInListView, type CheckInResult, type TicketView } from '@bayclub/shared';
import { applyAs, buildTestApp, createLimitedMember, createMember, deactivate, injectAs, isErrorBody, setSettings, type TestUser } from '../../test/helpers.js';
import { blocks, eventHosts, eventRegistrations, events } from '../../db/schema/index.js';
import { createTestEvent, registerForTest } from './event-fixtures.js';
import { CHECK_IN_RATE } from './rsvp-routes.js';
import { WRONG_DOOR_CODES_PER_EVENT } from './rsvp-service.js';
import { STATEMENT_COUNT_HEADER } from '../../platform/statement-count.js';

// Statement counts in a header: the cost of a door check-in is checked below (issue 25).
const t = await buildTestApp({ BENCH_COUNT_SQL: true });
const db = t.ctx.database.db;
const host = await createMember(t);

const checkIn = (who: TestUser, eventId: string, payload: object) => injectAs(t, who, { method: 'POST', url: `/api/events/${eventId}/check-ins`, payload });
const ticketOf = async (who: TestUser, eventId: string) => {
  const res = await injectAs(t, who, { method: 'GET', url: `/api/events/${eventId}/ticket` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TicketView;
};

/** An event of `host` with `guest` going (with guests) through the API; returns the event and the guest's ticket. */
async function eventWithGuest(guests = 1, values: Parameters<typeof createTestEvent>[1] = {}) {
  const guest = await createMember(t);
  const id = await createTestEvent(db, { createdBy: host.id, guestsAllowed: 3, title: 'Rooftop mixer', ...values });
  const res = await injectAs(t, guest, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'going', guests } });
  expect(res.statusCode).toBe(200);
  return { id, guest, ticket: await ticketOf(guest, id) };
}

describe('POST /api/events/:id/check-ins', () => {
  it('the host admits a QR token: 200 with the guest card and party size; the second scan is 409 already used, with when', async () => {
    const { id, guest, ticket } = await eventWithGuest(2);
    const res = await checkIn(host, id, { token: ticket.token });
    expect(res.statusCode).toBe(200);
    const body = res.json() as CheckInResult;
    expect(body).toMatchObject({ outcome: 'checked_in', message: EVENT_MESSAGES.checkedIn, partySize: 3, guest: { id: guest.id } });
    expect(Object.keys(body.guest!).sort()).toEqual(['age', 'city', 'fullName', 'id', 'isVerified', 'profilePictureUrl', 'username']);
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, ticket.registrationId));
    expect(row!.checkedInBy).toBe(host.id);
    expect(row!.checkedInAt!.toISOString()).toBe(body.checkedInAt);
    // Replay: the same QR, and the same ticket's code, are refused with when it was used.
    for (const payload of [{ token: ticket.token }, { code: ticket.code.toLowerCase() }]) {
      const again = await checkIn(host, id, payload);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ outcome: 'already_used', message: EVENT_MESSAGES.ticketUsed, checkedInAt: body.checkedInAt, partySize: 3 });
    }
    expect((await ticketOf(guest, id)).checkedInAt).toBe(body.checkedInAt);
  });

  it('the host admits a typed code (case and spaces forgiven), in four SQL statements', async () => {
    const { id, guest, ticket } = await eventWithGuest(0);
    await injectAs(t, host, { method: 'GET', url: '/api/me' }); // a warm session, as at a door
    const res = await checkIn(host, id, { code: ` ${ticket.code.toLowerCase()} ` });
    expect(res.statusCode).toBe(200);
    // Issue 25: BEGIN, the event under its lock, the ticket admitted and announced, COMMIT.
    expect(Number(res.headers[STATEMENT_COUNT_HEADER])).toBe(4);
    expect(res.json()).toMatchObject({ outcome: 'checked_in', partySize: 1, guest: { id: guest.id } });
  });

  it('concurrent scans of one ticket admit it once', async () => {
    const { id, ticket } = await eventWithGuest(0);
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkIn(host, id, { token: ticket.token })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('a ticket for another event: 422 other_event (by token); its code is simply unknown here (422 invalid)', async () => {
    const { ticket } = await eventWithGuest(0);
    const other = await createTestEvent(db, { createdBy: host.id });
    const res = await checkIn(host, other, { token: ticket.token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ outcome: 'other_event', message: EVENT_MESSAGES.ticketOtherEvent, guest: null, partySize: null, checkedInAt: null });
    const byCode = await checkIn(host, other, { code: ticket.code });
    expect(byCode.statusCode).toBe(422);
    expect(byCode.json().outcome).toBe('invalid');
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, ticket.registrationId));
    expect(row!.checkedInAt).toBeNull();
  });

  it('forged or unknown tickets: 422 invalid; a malformed code is 400 with the field message', async () => {
    const { id, ticket } = await eventWithGuest(0);
    const forged = ticket.token.slice(0, -1) + (ticket.token.endsWith('A') ? 'B' : 'A');
    for (const payload of [{ token: forged }, { token: 'garbage' }, { code: 'ZZZZZZ' }]) {
      const res = await checkIn(host, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toMatchObject({ outcome: 'invalid', message: EVENT_MESSAGES.ticketInvalid });
    }
    for (const payload of [{ code: 'O0I1L5' }, { code: 'ABC' }, {}, { code: ticket.code, token: ticket.token }]) {
      const res = await checkIn(host, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(isErrorBody(res.json())).toBe(true);
      expect(res.json().error.fields.code).toBeDefined();
    }
  });

  it('a registration no longer going (not going, waitlisted) or a cancelled event: 422 cancelled', async () => {
    const { id, guest, ticket } = await eventWithGuest(0);
    await injectAs(t, guest, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'not_going' } });
    const res = await checkIn(host, id, { token: ticket.token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ outcome: 'cancelled', message: EVENT_MESSAGES.ticketCancelled, guest: { id: guest.id } });
    const waiting = await createMember(t);
    const regId = await registerForTest(db, id, waiting.id, { status: 'waitlisted', ticketCode: 'WWWWWW' });
    expect((await checkIn(host, id, { code: 'wwwwww' })).json().outcome).toBe('cancelled');
    expect(regId).toBeTruthy();
    const second = await eventWithGuest(0);
    await db.update(events).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(events.id, second.id));
    const cancelled = await checkIn(host, second.id, { token: second.ticket.token });
    expect(cancelled.statusCode).toBe(422);
    expect(cancelled.json()).toMatchObject({ outcome: 'cancelled', message: EVENT_MESSAGES.cancelled });
  });

  it('who may check in: co-hosts and door helpers yes; a member who is neither 403; a limited door helper only with scan_qr_codes', async () => {
    const coHost = await createMember(t);
    const door = await createMember(t);
    const limitedDoor = await createLimitedMember(t);
    const stranger = await createMember(t);
    const { id, ticket } = await eventWithGuest(0, {
      hosts: [
        { userId: coHost.id, role: 'host' },
        { userId: door.id, role: 'door' },
        { userId: limitedDoor.id, role: 'door' },
      ],
    });
    const refused = await checkIn(stranger, id, { token: ticket.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: EVENT_MESSAGES.notDoorStaff } });
    await setSettings(t, { [flagSettingKey('scan_qr_codes')]: 'false' });
    expect((await checkIn(limitedDoor, id, { token: ticket.token })).statusCode).toBe(403);
    expect((await injectAs(t, limitedDoor, { method: 'GET', url: `/api/events/${id}/check-ins` })).statusCode).toBe(403);
    await setSettings(t, { [flagSettingKey('scan_qr_codes')]: 'true' });
    expect((await injectAs(t, limitedDoor, { method: 'GET', url: `/api/events/${id}/check-ins` })).statusCode).toBe(200);
    await setSettings(t, { [flagSettingKey('scan_qr_codes')]: 'false' });
    // Nothing was admitted by the refused callers.
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, ticket.registrationId));
    expect(row!.checkedInAt).toBeNull();
    expect((await checkIn(door, id, { code: ticket.code })).statusCode).toBe(200);
    expect((await checkIn(coHost, id, { code: ticket.code })).statusCode).toBe(409);
  });

  it('404 for an event the caller cannot see (its creator blocked them) or that does not exist', async () => {
    const m = await createMember(t);
    const { id, ticket } = await eventWithGuest(0);
    await db.insert(blocks).values({ blockerId: host.id, blockedId: m.id });
    expect((await checkIn(m, id, { token: ticket.token })).statusCode).toBe(404);
    expect((await checkIn(m, crypto.randomUUID(), { token: ticket.token })).statusCode).toBe(404);
  });
});

describe('GET /api/events/:id/check-ins and /attendance', () => {
  it('the door list shows who is checked in (newest first) with the counts; attendance counts no-shows and seats', async () => {
    const id = await createTestEvent(db, { createdBy: host.id, guestsAllowed: 2 });
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    for (const [m, guests] of [[a, 2], [b, 0], [c, 1]] as const) {
      await injectAs(t, m, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'going', guests } });
    }
    const first = await checkIn(host, id, { code: (await ticketOf(a, id)).code });
    const second = await checkIn(host, id, { code: (await ticketOf(b, id)).code });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const list = (await injectAs(t, host, { method: 'GET', url: `/api/events/${id}/check-ins` })).json() as CheckInListView;
    expect(list.going).toBe(3);
    expect(list.checkedIn).toBe(2);
    expect(list.items.map((i) => [i.member.id, i.partySize])).toEqual([
      [b.id, 1],
      [a.id, 3],
    ]);
    const attendance = (await injectAs(t, host, { method: 'GET', url: `/api/events/${id}/attendance` })).json() as AttendanceView;
    expect(attendance).toMatchObject({ going: 3, checkedIn: 2, noShows: 1, seatsGoing: 6, seatsCheckedIn: 4 });
    expect(attendance.members).toHaveLength(3);
    expect(attendance.members.find((x) => x.member.id === c.id)).toMatchObject({ partySize: 2, checkedInAt: null });
    // A deactivated member is counted but not listed.
    await deactivate(t, c.id);
    const after = (await injectAs(t, host, { method: 'GET', url: `/api/events/${id}/attendance` })).json() as AttendanceView;
    expect(after.going).toBe(3);
    expect(after.members.map((x) => x.member.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('attendance is for hosts (403 for a door helper or a member); applicants get 403 from the route', async () => {
    const door = await createMember(t);
    const member = await createMember(t);
    const id = await createTestEvent(db, { createdBy: host.id, hosts: [{ userId: door.id, role: 'door' }] });
    expect((await injectAs(t, door, { method: 'GET', url: `/api/events/${id}/attendance` })).statusCode).toBe(403);
    expect((await injectAs(t, door, { method: 'GET', url: `/api/events/${id}/check-ins` })).statusCode).toBe(200);
    for (const path of ['attendance', 'check-ins']) {
      const res = await injectAs(t, member, { method: 'GET', url: `/api/events/${id}/${path}` });
      expect(res.statusCode).toBe(403);
    }
    const applicant = await applyAs(t);
    for (const path of ['attendance', 'check-ins', 'ticket']) {
      expect((await injectAs(t, applicant, { method: 'GET', url: `/api/events/${id}/${path}` })).statusCode).toBe(403);
    }
  });
});

describe('guessing codes at the door', () => {
  it(`wrong typed codes are limited per event, all door staff together (${WRONG_DOOR_CODES_PER_EVENT.max} a minute): then 429`, async () => {
    const host = await createMember(t);
    const cohost = await createMember(t);
    const id = await createTestEvent(t.ctx.database.db, { createdBy: host.id });
    await t.ctx.database.db.insert(eventHosts).values({ eventId: id, userId: cohost.id });
    const guess = (who: TestUser) => injectAs(t, who, { method: 'POST', url: `/api/events/${id}/check-ins`, payload: { code: 'ACDEFG' } });
    const half = WRONG_DOOR_CODES_PER_EVENT.max / 2;
    for (let i = 0; i < half; i++) expect((await guess(host)).statusCode).toBe(422);
    for (let i = 0; i < half; i++) expect((await guess(cohost)).statusCode).toBe(422);
    // The co-host's guesses used up the same event's allowance: neither may guess on.
    expect((await guess(host)).statusCode).toBe(429);
    expect((await guess(cohost)).statusCode).toBe(429);
    // Another event's door is not held back.
    const other = await createTestEvent(t.ctx.database.db, { createdBy: host.id });
    expect((await injectAs(t, host, { method: 'POST', url: `/api/events/${other}/check-ins`, payload: { code: 'ACDEFG' } })).statusCode).toBe(422);
  });

  it(`check-ins are rate-limited per staff member (${CHECK_IN_RATE.max} per ${CHECK_IN_RATE.timeWindow}): then 429`, async () => {
    const limited = await buildTestApp({ RATE_LIMIT: true });
    const staff = await createMember(limited);
    const id = await createTestEvent(limited.ctx.database.db, { createdBy: staff.id });
    // Scanned tokens (a forged one here): the per-event count of typed codes does not come into it.
    const guess = () => injectAs(limited, staff, { method: 'POST', url: `/api/events/${id}/check-ins`, payload: { token: 'forged-token' } });
    for (let i = 0; i < CHECK_IN_RATE.max; i++) expect((await guess()).statusCode).toBe(422);
    const refused = await guess();
    expect(refused.statusCode).toBe(429);
    expect(isErrorBody(refused.json())).toBe(true);
    // Another member of staff is not held back by the first one's guesses.
    const other = await createMember(limited);
    const theirs = await createTestEvent(limited.ctx.database.db, { createdBy: other.id });
    expect((await injectAs(limited, other, { method: 'POST', url: `/api/events/${theirs}/check-ins`, payload: { code: 'ACDEFG' } })).statusCode).toBe(422);
  });
});
