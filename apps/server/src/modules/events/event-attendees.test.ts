import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES, type AttendeeView, type EventView, type EventsPage, type Page } from '@bayclub/shared';
import { blocks } from '../../db/schema/index.js';
import { buildTestApp, createMember, deactivate, injectAs, type TestUser } from '../../test/helpers.js';
import { createTestEvent, registerForTest } from './event-fixtures.js';

// Decision 025: the creator is going to their own event (no seat held), and who's going shows the faces the reader
// may see, with counts that agree with those faces.

const t = await buildTestApp();
const db = t.ctx.database.db;
const [host, reader, friend, blockedByReader, blockerOfReader, gone] = await Promise.all(
  Array.from({ length: 6 }, () => createMember(t)),
);

const page = async (who: TestUser, id: string) => {
  const res = await injectAs(t, who, { method: 'GET', url: `/api/events/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json() as EventView;
};
const going = async (who: TestUser, id: string, query = '') => {
  const res = await injectAs(t, who, { method: 'GET', url: `/api/events/${id}/attendees?status=going${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Page<AttendeeView>;
};

describe('the host is going to their own event', () => {
  it('counts the creator as going without taking a seat, in the list, on the page and in who is going', async () => {
    const id = await createTestEvent(db, { createdBy: host.id, capacity: 2, title: 'Host counted' });
    await registerForTest(db, id, friend.id);

    const event = await page(reader, id);
    expect(event.goingCount).toBe(1); // seats: the friend only
    expect(event.attendingCount).toBe(2); // the host and the friend
    expect(event.goingMembers).toBe(2);
    expect(event.goingPreview.map((m) => m.id)).toEqual([host.id, friend.id]);

    const list = (await injectAs(t, reader, { method: 'GET', url: '/api/events?limit=50' })).json() as EventsPage;
    expect(list.items.find((e) => e.id === id)).toMatchObject({ goingCount: 1, attendingCount: 2 });

    const attendees = await going(reader, id);
    expect(attendees.items.map((a) => [a.member.id, a.isHost])).toEqual([
      [host.id, true],
      [friend.id, false],
    ]);

    // Two seats: the host holds none, so two members still fit.
    const other = await createMember(t);
    expect((await injectAs(t, other, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'going', guests: 0 } })).json()).toMatchObject({
      mine: { status: 'going' },
      goingCount: 2,
    });
  });

  it("lists the creator's own events under Going, marked as going, without a registration", async () => {
    const id = await createTestEvent(db, { createdBy: host.id, title: 'Mine to host' });
    const mine = (await injectAs(t, host, { method: 'GET', url: '/api/events?going=true&limit=50' })).json() as EventsPage;
    expect(mine.items.find((e) => e.id === id)).toMatchObject({ myStatus: 'going' });
    // Another member sees it unmarked, and not under their own Going.
    const theirs = (await injectAs(t, reader, { method: 'GET', url: '/api/events?going=true&limit=50' })).json() as EventsPage;
    expect(theirs.items.map((e) => e.id)).not.toContain(id);
    const all = (await injectAs(t, reader, { method: 'GET', url: '/api/events?limit=50' })).json() as EventsPage;
    expect(all.items.find((e) => e.id === id)).toMatchObject({ myStatus: null });
  });

  it('refuses the creator an RSVP of going (409), and counts a creator who RSVPed before the rule once', async () => {
    const id = await createTestEvent(db, { createdBy: host.id, title: 'No double count' });
    const res = await injectAs(t, host, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'going', guests: 0 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { message: EVENT_MESSAGES.hostIsGoing } });
    const own = await page(host, id);
    expect(own.permissions).toMatchObject({ isCreator: true, canRsvp: false });
    expect(own.attendingCount).toBe(1);

    // A registration of the creator's from before decision 025: counted through it, not twice.
    const legacy = await createTestEvent(db, { createdBy: host.id, title: 'Legacy host RSVP' });
    await registerForTest(db, legacy, host.id);
    const view = await page(reader, legacy);
    expect([view.goingCount, view.attendingCount, view.goingMembers]).toEqual([1, 1, 1]);
    expect(view.goingPreview.map((m) => m.id)).toEqual([host.id]);
    expect((await going(reader, legacy)).items.map((a) => a.member.id)).toEqual([host.id]);
  });

  it('pages who is going with the host on the first page only', async () => {
    const id = await createTestEvent(db, { createdBy: host.id, title: 'Paged' });
    await registerForTest(db, id, friend.id, { createdAt: new Date(Date.now() - 60_000) });
    await registerForTest(db, id, reader.id);
    const first = await going(reader, id, '&limit=2');
    expect(first.items.map((a) => a.member.id)).toEqual([host.id, reader.id]);
    const second = await going(reader, id, `&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((a) => a.member.id)).toEqual([friend.id]);
    expect(second.nextCursor).toBeNull();
  });
});

describe('faces of who is going: only members the reader may see, counted as shown', () => {
  it('leaves out members blocked either way and deactivated members, from faces and counts alike', async () => {
    const id = await createTestEvent(db, { createdBy: host.id, guestsAllowed: 2, title: 'Faces' });
    await registerForTest(db, id, friend.id, { guests: 2 });
    await registerForTest(db, id, blockedByReader.id, { guests: 1 });
    await registerForTest(db, id, blockerOfReader.id);
    await registerForTest(db, id, gone.id);
    await db.insert(blocks).values([
      { blockerId: reader.id, blockedId: blockedByReader.id },
      { blockerId: blockerOfReader.id, blockedId: reader.id },
    ]);
    await deactivate(t, gone.id);

    // Allowed: a member with no blocks sees everyone active.
    const friendView = await page(friend, id);
    expect(new Set(friendView.goingPreview.map((m) => m.id))).toEqual(new Set([host.id, friend.id, blockedByReader.id, blockerOfReader.id]));
    expect([friendView.goingMembers, friendView.goingGuests]).toEqual([4, 3]);

    // Denied both ways, and the deactivated member for everyone: not in the faces, not in the counts.
    const view = await page(reader, id);
    expect(view.goingPreview.map((m) => m.id)).toEqual([host.id, friend.id]);
    expect([view.goingMembers, view.goingGuests]).toEqual([2, 2]);
    const list = await going(reader, id);
    expect(list.items.map((a) => a.member.id)).toEqual([host.id, friend.id]);
    // Seats stay the true number: capacity arithmetic needs it.
    expect(view.goingCount).toBe(3 + 2 + 1 + 1);
  });

  it('shows a visitor no faces and no counts of members', async () => {
    const id = await createTestEvent(db, { createdBy: host.id, visibility: 'public', title: 'Public faces' });
    await registerForTest(db, id, friend.id);
    const res = await injectAs(t, null, { method: 'GET', url: `/api/events/${id}` });
    const view = res.json() as EventView;
    expect([view.goingPreview, view.goingMembers, view.goingGuests]).toEqual([[], 0, 0]);
  });
});
