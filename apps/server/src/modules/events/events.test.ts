import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EVENT_MESSAGES, flagSettingKey, utcToZonedLocal, type CreateEventInput, type EventView } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  createRejectedApplicant,
  deactivate,
  injectAs,
  setSettings,
  type TestUser,
} from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { events, notifications } from '../../db/schema/index.js';
import { createTestEvent, registerForTest } from './event-fixtures.js';
import { renderedNotifications } from '../notifications/notification-fixtures.js';

const t = await buildTestApp();
const db = t.ctx.database.db;

const get = (who: TestUser | null, url: string) => injectAs(t, who, { method: 'GET', url });
const post = (who: TestUser | null, url: string, payload: object = {}) => injectAs(t, who, { method: 'POST', url, payload });
const patch = (who: TestUser | null, url: string, payload: object) => injectAs(t, who, { method: 'PATCH', url, payload });
const block = (a: TestUser, b: TestUser) => post(a, '/api/blocks', { userId: b.id });

/** Wall-clock "YYYY-MM-DDTHH:mm" in New York, `days` from now. */
const local = (days: number, hour = 19) => `${utcToZonedLocal(new Date(Date.now() + days * 86_400_000), 'America/New_York').slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;

const input = (over: Partial<CreateEventInput> = {}): CreateEventInput => ({
  title: 'Sunset swim',
  description: 'Bring a towel',
  startsAtLocal: local(3, 18),
  endsAtLocal: local(3, 20),
  timeZone: 'America/New_York',
  venue: 'North Beach',
  address: '1 Gulf Blvd',
  city: 'tampa',
  visibility: 'members',
  capacity: 2,
  guestsAllowed: 1,
  ...over,
});

async function createEvent(who: TestUser, over: Partial<CreateEventInput> = {}): Promise<EventView> {
  const res = await post(who, '/api/events', input(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as EventView;
}

const eventNotifications = (userId: string) =>
  renderedNotifications(db, and(eq(notifications.userId, userId), eq(notifications.type, 'event')));

describe('POST /api/events', () => {
  it('a full member creates an event: 201 EventView with the creator as host, the times in the zone, the calendar links', async () => {
    const me = await createMember(t);
    const e = await createEvent(me);
    expect(e).toMatchObject({ title: 'Sunset swim', capacity: 2, guestsAllowed: 1, goingCount: 0, status: 'scheduled', sequence: 0, visibility: 'members' });
    expect(utcToZonedLocal(e.startsAt, 'America/New_York')).toBe(input().startsAtLocal);
    expect(e.hosts).toEqual([expect.objectContaining({ id: me.id, role: 'host', isCreator: true })]);
    // The creator is going without an RSVP (decision 025): no RSVP offered.
    expect(e.permissions).toEqual({ canEdit: true, canCancel: true, canRsvp: false, isCreator: true, canCheckIn: true, canSeeAttendees: true });
    expect(e.calendar.icsUrl).toBe(`/api/events/${e.id}/calendar.ics`);
    expect(e.calendar.googleUrl).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?/);
    expect(e.mine).toBeNull();
    expect(e.coverUrl).toBeNull();
    expect(Object.keys(e).sort()).toEqual(
      [
        'address', 'calendar', 'capacity', 'city', 'community', 'coverUrl', 'createdAt', 'description', 'endsAt', 'goingCount',
        'goingGuests', 'goingMembers', 'goingPreview', 'attendingCount', 'guestsAllowed', 'hosts', 'id', 'locationId', 'mine', 'myStatus', 'paid', 'permissions', 'price', 'sequence', 'startsAt',
        'status', 'timeZone', 'title', 'venue', 'visibility', 'waitlistCount',
      ].sort(),
    );
  });

  it('a start in the past: 400 fields.startsAtLocal; bad fields: 400 per field; nothing written', async () => {
    const me = await createMember(t);
    const before = (await db.select().from(events)).length;
    const past = await post(me, '/api/events', input({ startsAtLocal: local(-2, 18), endsAtLocal: local(-2, 20) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ startsAtLocal: EVENT_MESSAGES.startsInPast });
    const bad = await post(me, '/api/events', { ...input(), title: 'x', capacity: 0, timeZone: 'Mars/Olympus', venue: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      title: EVENT_MESSAGES.titleTooShort,
      capacity: EVENT_MESSAGES.capacity,
      timeZone: EVENT_MESSAGES.timeZone,
      venue: EVENT_MESSAGES.venueRequired,
    });
    // A malformed time is a 400 on its field, never a 500 from the cross-field check (found by events-fuzz).
    const quote = await post(me, '/api/events', input({ endsAtLocal: '"' }));
    expect(quote.statusCode).toBe(400);
    expect(quote.json().error.fields).toEqual({ endsAtLocal: EVENT_MESSAGES.endsAt });
    const hour25 = await post(me, '/api/events', input({ startsAtLocal: '2999-03-08T25:00', endsAtLocal: '2999-03-08T26:00' }));
    expect(hour25.json().error.fields).toEqual({ startsAtLocal: EVENT_MESSAGES.startsAt, endsAtLocal: EVENT_MESSAGES.endsAt });
    const community = await post(me, '/api/events', input({ visibility: 'community' }));
    expect(community.statusCode).toBe(400);
    expect(community.json().error.fields).toEqual({ visibility: EVENT_MESSAGES.communityVisibilityNeedsCommunity });
    expect((await db.select().from(events)).length).toBe(before);
  });

  it('limited members need create_events (403 without, 201 with); applicants, rejected and deactivated members: 403; visitors 401', async () => {
    const limited = await createLimitedMember(t);
    await setSettings(t, { [flagSettingKey('create_events')]: 'false' });
    expect((await post(limited, '/api/events', input())).statusCode).toBe(403);
    await setSettings(t, { [flagSettingKey('create_events')]: 'true' });
    expect((await post(limited, '/api/events', input())).statusCode).toBe(201);
    // A pending applicant passes the flag check but is not approved: 403 all the same.
    expect((await post(await applyAs(t), '/api/events', input())).statusCode).toBe(403);
    expect((await post(await createRejectedApplicant(t), '/api/events', input())).statusCode).toBe(403);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    expect((await post(gone, '/api/events', input())).statusCode).toBe(403);
    expect((await post(null, '/api/events', input())).statusCode).toBe(401);
  });

  it("in a community: only its active members; a private community's events are for its members; the others are notified", async () => {
    const creator = await createMember(t);
    const fellow = await createMember(t);
    const pendingMember = await createMember(t);
    const blocked = await createMember(t);
    const outsider = await createMember(t);
    const community = await insertCommunity(t, { creatorId: creator.id, visibility: 'public' });
    await addMember(t, community, fellow.id);
    await addMember(t, community, blocked.id);
    await addMember(t, community, pendingMember.id, 'member', 'pending');
    await block(blocked, creator);

    const refused = await post(outsider, '/api/events', input({ communityId: community }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(EVENT_MESSAGES.notCommunityMember);

    const e = await createEvent(creator, { communityId: community, visibility: 'community' });
    expect(e.community).toMatchObject({ id: community });
    const [n] = await eventNotifications(fellow.id);
    expect(n).toMatchObject({ type: 'event', relatedId: e.id, path: `/events/${e.id}`, message: 'New event: Sunset swim' });
    expect(await eventNotifications(creator.id)).toEqual([]);
    expect(await eventNotifications(pendingMember.id)).toEqual([]);
    expect(await eventNotifications(blocked.id)).toEqual([]);
    expect(await eventNotifications(outsider.id)).toEqual([]);

    const privateOne = await insertCommunity(t, { creatorId: creator.id, visibility: 'private' });
    const open = await post(creator, '/api/events', input({ communityId: privateOne, visibility: 'members' }));
    expect(open.statusCode).toBe(400);
    expect(open.json().error.fields).toEqual({ visibility: EVENT_MESSAGES.privateCommunityEvent });
    expect((await post(creator, '/api/events', input({ communityId: privateOne, visibility: 'community' }))).statusCode).toBe(201);
    const unknown = await post(creator, '/api/events', input({ communityId: crypto.randomUUID() }));
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/events/:id', () => {
  it('a visitor reading a members-only event: 404; a public one: 200 without hosts, who is going or mine', async () => {
    const host = await createMember(t);
    const friend = await createMember(t);
    const membersOnly = await createEvent(host);
    expect((await get(null, `/api/events/${membersOnly.id}`)).statusCode).toBe(404);
    expect((await get(await applyAs(t), `/api/events/${membersOnly.id}`)).statusCode).toBe(404);
    const open = await createEvent(host, { visibility: 'public' });
    await registerForTest(db, open.id, friend.id, { status: 'going' });
    const seen = await get(null, `/api/events/${open.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ hosts: [], goingPreview: [], mine: null, goingCount: 1 });
    expect(seen.json().permissions).toEqual({ canEdit: false, canCancel: false, canRsvp: false, isCreator: false, canCheckIn: false, canSeeAttendees: false });
    const applicant = await get(await applyAs(t), `/api/events/${open.id}`);
    expect(applicant.json()).toMatchObject({ hosts: [], goingPreview: [], mine: null });
    const asFriend = (await get(friend, `/api/events/${open.id}`)).json() as EventView;
    expect(asFriend.goingPreview.map((m) => m.id)).toEqual([host.id, friend.id]);
    expect(asFriend.mine).toMatchObject({ status: 'going', guests: 0 });
    expect(asFriend.myStatus).toBe('going');
    expect(asFriend.permissions).toMatchObject({ canEdit: false, canRsvp: true, canSeeAttendees: true });
  });

  it('hosts: creator first, then co-hosts and door helpers; blocked and deactivated ones left out, in who is going too', async () => {
    const host = await createMember(t);
    const cohost = await createMember(t);
    const door = await createMember(t);
    const gone = await createMember(t);
    const rude = await createMember(t);
    const me = await createMember(t);
    const id = await createTestEvent(db, {
      createdBy: host.id,
      hosts: [{ userId: cohost.id }, { userId: gone.id }, { userId: door.id, role: 'door' }, { userId: rude.id }],
    });
    for (const u of [cohost, gone, rude, me]) await registerForTest(db, id, u.id);
    await deactivate(t, gone.id);
    await block(me, rude);
    const e = (await get(me, `/api/events/${id}`)).json() as EventView;
    expect(e.hosts.map((h) => [h.id, h.role, h.isCreator])).toEqual([
      [host.id, 'host', true],
      [cohost.id, 'host', false],
      [door.id, 'door', false],
    ]);
    expect(e.goingPreview.map((m) => m.id).sort()).toEqual([host.id, cohost.id, me.id].sort());
    expect(Object.keys(e.hosts[0]!).sort()).toEqual(['age', 'city', 'fullName', 'id', 'isCreator', 'isVerified', 'profilePictureUrl', 'role', 'username']);
  });

  it('the creator deactivated, or blocked either way: 404 as for an unknown id', async () => {
    const host = await createMember(t);
    const me = await createMember(t);
    const e = await createEvent(host, { visibility: 'public' });
    await block(host, me);
    expect((await get(me, `/api/events/${e.id}`)).statusCode).toBe(404);
    expect((await get(null, `/api/events/${e.id}`)).statusCode).toBe(200);
    await deactivate(t, host.id);
    expect((await get(null, `/api/events/${e.id}`)).statusCode).toBe(404);
    expect((await get(null, `/api/events/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get(null, '/api/events/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('PATCH /api/events/:id', () => {
  it('hosts edit (sequence + 1); a member who can see it: 403; one who cannot: 404; community moderators and admins may', async () => {
    const host = await createMember(t);
    const other = await createMember(t);
    const mod = await createMember(t);
    const community = await insertCommunity(t, { creatorId: host.id });
    await addMember(t, community, mod.id, 'moderator');
    const e = await createEvent(host, { communityId: community, visibility: 'community' });
    const edited = await patch(host, `/api/events/${e.id}`, { title: 'Moonlight swim' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Moonlight swim', sequence: 1 });
    expect((await patch(other, `/api/events/${e.id}`, { title: 'Mine now' })).statusCode).toBe(404);
    await addMember(t, community, other.id);
    const refused = await patch(other, `/api/events/${e.id}`, { title: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(EVENT_MESSAGES.notHost);
    expect((await patch(mod, `/api/events/${e.id}`, { description: 'By the mod' })).json()).toMatchObject({ description: 'By the mod', sequence: 2 });
    expect((await patch(await createAdmin(t), `/api/events/${e.id}`, { venue: 'South Beach' })).json()).toMatchObject({ venue: 'South Beach', sequence: 3 });
    expect((await patch(null, `/api/events/${e.id}`, { title: 'Visitor' })).statusCode).toBe(401);
    expect((await patch(await applyAs(t), `/api/events/${e.id}`, { title: 'Applicant' })).statusCode).toBe(403);
  });

  it('capacity below the seats taken: 400 fields.capacity; guestsAllowed lowered keeps existing parties; times as a set', async () => {
    const host = await createMember(t);
    const a = await createMember(t);
    const e = await createEvent(host, { capacity: 5, guestsAllowed: 2 });
    await registerForTest(db, e.id, a.id, { guests: 2 });
    const low = await patch(host, `/api/events/${e.id}`, { capacity: 2 });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.fields).toEqual({ capacity: EVENT_MESSAGES.capacityBelowGoing });
    expect((await patch(host, `/api/events/${e.id}`, { capacity: 3 })).json()).toMatchObject({ capacity: 3, goingCount: 3 });
    const fewer = (await patch(host, `/api/events/${e.id}`, { guestsAllowed: 0 })).json() as EventView;
    expect(fewer.guestsAllowed).toBe(0);
    expect(fewer.goingCount).toBe(3);
    const partial = await patch(host, `/api/events/${e.id}`, { startsAtLocal: local(4, 18) });
    expect(partial.statusCode).toBe(400);
    expect(Object.keys(partial.json().error.fields).sort()).toEqual(['endsAtLocal', 'timeZone']);
    const moved = await patch(host, `/api/events/${e.id}`, { startsAtLocal: local(-1, 18), endsAtLocal: local(-1, 20), timeZone: 'America/New_York' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields).toEqual({ startsAtLocal: EVENT_MESSAGES.startsInPast });
    expect((await patch(host, `/api/events/${e.id}`, { visibility: 'community' })).statusCode).toBe(400);
  });

  it('a change of time or place tells everyone going or waitlisted (notification and event:registration); a title change does not', async () => {
    const host = await createMember(t);
    const going = await createMember(t);
    const waiting = await createMember(t);
    const notGoing = await createMember(t);
    const e = await createEvent(host, { capacity: 1 });
    await registerForTest(db, e.id, going.id);
    await registerForTest(db, e.id, waiting.id, { status: 'waitlisted' });
    await registerForTest(db, e.id, notGoing.id, { status: 'not_going' });
    await patch(host, `/api/events/${e.id}`, { title: 'Renamed swim' });
    expect(await eventNotifications(going.id)).toEqual([]);
    await patch(host, `/api/events/${e.id}`, { venue: 'Pier 60' });
    for (const u of [going, waiting]) expect((await eventNotifications(u.id)).map((n) => n.message)).toEqual(['Event updated: Renamed swim']);
    expect(await eventNotifications(notGoing.id)).toEqual([]);
    expect(await eventNotifications(host.id)).toEqual([]);
  });

  it('a cancelled event: 409 for its hosts', async () => {
    const host = await createMember(t);
    const e = await createEvent(host);
    await post(host, `/api/events/${e.id}/cancel`);
    const res = await patch(host, `/api/events/${e.id}`, { title: 'Again' });
    expect(res.statusCode).toBe(409);
  });
});

describe('POST /api/events/:id/cancel', () => {
  it('cancels (status, sequence + 1, stays readable, registrations read cancelled) and notifies everyone going or waitlisted', async () => {
    const host = await createMember(t);
    const going = await createMember(t);
    const waiting = await createMember(t);
    const e = await createEvent(host, { capacity: 1 });
    await registerForTest(db, e.id, going.id);
    await registerForTest(db, e.id, waiting.id, { status: 'waitlisted' });
    const stranger = await createMember(t);
    expect((await post(stranger, `/api/events/${e.id}/cancel`)).statusCode).toBe(403);
    const res = await post(host, `/api/events/${e.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', sequence: 1, permissions: { canEdit: false, canCancel: false, canRsvp: false } });
    for (const u of [going, waiting]) {
      expect((await eventNotifications(u.id)).map((n) => n.message)).toEqual(['Cancelled: Sunset swim']);
      expect((await get(u, `/api/events/${e.id}`)).json()).toMatchObject({ status: 'cancelled', myStatus: 'cancelled', mine: { status: 'cancelled' } });
    }
    const again = await post(host, `/api/events/${e.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(EVENT_MESSAGES.alreadyCancelled);
    const [row] = await db.select().from(events).where(eq(events.id, e.id));
    expect(row!.cancelledAt).toBeInstanceOf(Date);
  });
});

describe('cancel: who may', () => {
  it('visitors 401; applicants, rejected and deactivated members 403; blocked 404; members who see it 403; community moderators and admins 200', async () => {
    const host = await createMember(t);
    const mod = await createMember(t);
    const community = await insertCommunity(t, { creatorId: host.id });
    await addMember(t, community, mod.id, 'moderator');
    const e = await createEvent(host, { communityId: community, visibility: 'public' });
    const cancel = (who: TestUser | null, id = e.id) => post(who, `/api/events/${id}/cancel`);
    expect((await cancel(null)).statusCode).toBe(401);
    expect((await cancel(await applyAs(t))).statusCode).toBe(403);
    expect((await cancel(await createRejectedApplicant(t))).statusCode).toBe(403);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    expect((await cancel(gone)).statusCode).toBe(403);
    const blocked = await createMember(t);
    await block(host, blocked);
    expect((await cancel(blocked)).statusCode).toBe(404);
    expect((await cancel(await createLimitedMember(t))).statusCode).toBe(403);
    expect((await cancel(await createMember(t))).statusCode).toBe(403);
    expect((await cancel(await createMember(t), crypto.randomUUID())).statusCode).toBe(404);
    expect((await cancel(mod)).statusCode).toBe(200);
    const other = await createEvent(host);
    expect((await cancel(await createAdmin(t), other.id)).statusCode).toBe(200);
  });
});
