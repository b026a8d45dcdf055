import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { clubStartOfToday, type EventSummaryView, type EventView } from '@bayclub/shared';
import {
  applyAs,
  buildTestApp,
  createAdmin,
  createLimitedMember,
  createMember,
  deactivate,
  injectAs,
  untilStatementCount,
  type TestUser,
} from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { events } from '../../db/schema/index.js';
import { STATEMENT_COUNT_HEADER } from '../../platform/statement-count.js';
import { createTestEvent, registerForTest } from './event-fixtures.js';

const t = await buildTestApp({ BENCH_COUNT_SQL: true });
const db = t.ctx.database.db;

const get = (who: TestUser | null, url: string) => injectAs(t, who, { method: 'GET', url });
const block = (a: TestUser, b: TestUser) => injectAs(t, a, { method: 'POST', url: '/api/blocks', payload: { userId: b.id } });
const DAY = 86_400_000;
const inDays = (d: number, hour = 0) => new Date(Date.now() + d * DAY + hour * 3_600_000);

/** Walk every page of `url` (which has a query string), answering the cards in order. */
async function walk(who: TestUser | null, url: string, limit = 7): Promise<EventSummaryView[]> {
  const items: EventSummaryView[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 200; guard++) {
    const res = await get(who, `${url}${url.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: EventSummaryView[]; nextCursor: string | null };
    expect(body.items.length).toBeLessThanOrEqual(limit);
    items.push(...body.items);
    cursor = body.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('too many pages');
}

describe('GET /api/events: the list shows exactly the events its caller could open', () => {
  it('for every persona, list == the single-event check', async () => {
    const creator = await createMember(t);
    const blockedCreator = await createMember(t);
    const deactivatedCreator = await createMember(t);
    const publicCommunity = await insertCommunity(t, { creatorId: creator.id, visibility: 'public' });
    const privateCommunity = await insertCommunity(t, { creatorId: creator.id, visibility: 'private' });

    const privateMember = await createMember(t);
    await addMember(t, privateCommunity, privateMember.id);
    const pendingInPrivate = await createMember(t);
    await addMember(t, privateCommunity, pendingInPrivate.id, 'member', 'pending');
    const limited = await createLimitedMember(t);
    await addMember(t, publicCommunity, limited.id);
    const blocker = await createMember(t);
    const blockedOne = await createMember(t);
    const deactivatedCaller = await createMember(t);

    const made: string[] = [];
    const add = async (v: Parameters<typeof createTestEvent>[1]) => made.push(await createTestEvent(db, { startsAt: inDays(2 + made.length), ...v }));
    for (const createdBy of [creator.id, blockedCreator.id, deactivatedCreator.id]) {
      await add({ createdBy, visibility: 'public' });
      await add({ createdBy, visibility: 'members' });
      await add({ createdBy, communityId: publicCommunity, visibility: 'community' });
      await add({ createdBy, communityId: publicCommunity, visibility: 'public' });
      await add({ createdBy, communityId: privateCommunity, visibility: 'community' });
      await add({ createdBy, visibility: 'public', status: 'cancelled' });
    }
    await add({ createdBy: null, visibility: 'members' });
    await block(blocker, blockedCreator);
    await block(blockedCreator, blockedOne);
    await deactivate(t, deactivatedCreator.id);
    await deactivate(t, deactivatedCaller.id);

    const personas: Record<string, TestUser | null> = {
      visitor: null,
      applicant: await applyAs(t),
      limited,
      full: await createMember(t),
      privateMember,
      pendingInPrivate,
      admin: await createAdmin(t),
      blocker,
      blockedOne,
      deactivatedCaller,
    };
    for (const [name, who] of Object.entries(personas)) {
      const listed = (await walk(who, '/api/events?')).map((e) => e.id).filter((id) => made.includes(id));
      const openable: string[] = [];
      for (const id of made) if ((await get(who, `/api/events/${id}`)).statusCode === 200) openable.push(id);
      expect(listed, name).toEqual(openable);
      expect(openable.length, name).toBeGreaterThan(0);
    }
    // Spot checks that the personas differ as they should.
    const count = async (who: TestUser | null) => (await walk(who, '/api/events?')).filter((e) => made.includes(e.id)).length;
    expect(await count(null)).toBe(6); // public ones of creator and blockedCreator, cancelled included
    expect(await count(personas.admin!)).toBe(13);
    expect(await count(privateMember)).toBe(11); // not the public community's members-only ones
    expect(await count(personas.full!)).toBe(9);
    expect(await count(blocker)).toBe(5);
  });
});

describe('GET /api/events: order, filters and pages', () => {
  it('upcoming from midnight today (club time), soonest first; cancelled stay listed, marked; myStatus per card', async () => {
    const me = await createMember(t);
    const host = await createMember(t);
    const city = 'sarasota';
    // Ends before midnight club time, so it has ended whatever the hour the test runs at (a default 2-hour event
    // starting at 23:00 would still be under way between midnight and 01:00 in New York).
    const yesterday = await createTestEvent(db, {
      createdBy: host.id,
      city,
      startsAt: new Date(clubStartOfToday().getTime() - 2 * 3_600_000),
      endsAt: new Date(clubStartOfToday().getTime() - 3_600_000),
    });
    const earlyToday = await createTestEvent(db, { createdBy: host.id, city, startsAt: new Date(clubStartOfToday().getTime() + 60_000), endsAt: inDays(1) });
    const later = await createTestEvent(db, { createdBy: host.id, city, startsAt: inDays(10), status: 'cancelled' });
    const soon = await createTestEvent(db, { createdBy: host.id, city, startsAt: inDays(1) });
    await registerForTest(db, soon, me.id, { status: 'waitlisted' });
    await registerForTest(db, later, me.id, { status: 'going' });
    const items = await walk(me, `/api/events?city=${city}`, 2);
    expect(items.map((e) => e.id)).toEqual([earlyToday, soon, later]);
    expect(items.map((e) => e.myStatus)).toEqual([null, 'waitlisted', 'cancelled']);
    expect(items[2]!.status).toBe('cancelled');
    expect(items.map((e) => e.id)).not.toContain(yesterday);
    expect(Object.keys(items[0]!).sort()).toEqual(
      ['attendingCount', 'capacity', 'city', 'community', 'coverUrl', 'endsAt', 'goingCount', 'id', 'locationId', 'myStatus', 'price', 'startsAt', 'status', 'timeZone', 'title', 'venue', 'visibility', 'waitlistCount'].sort(),
    );
    // going: the caller's going or waitlisted registrations only.
    expect((await walk(me, `/api/events?city=${city}&going=true`)).map((e) => e.id)).toEqual([soon, later]);
    expect((await walk(null, `/api/events?city=${city}&going=true`)).map((e) => e.id)).toEqual([]);
    // past: ended events, newest first.
    const past = (await walk(me, `/api/events?city=${city}&past=true`)).map((e) => e.id);
    expect(past).toEqual([yesterday]);
  });

  it('community and range filters', async () => {
    const host = await createMember(t);
    const community = await insertCommunity(t, { creatorId: host.id });
    const inCommunity = await createTestEvent(db, { createdBy: host.id, communityId: community, visibility: 'public', startsAt: inDays(40) });
    await createTestEvent(db, { createdBy: host.id, visibility: 'public', startsAt: inDays(40) });
    expect((await walk(null, `/api/events?communityId=${community}`)).map((e) => e.id)).toEqual([inCommunity]);
    const weekly = (await walk(null, '/api/events?range=week', 50)).map((e) => e.startsAt);
    for (const s of weekly) expect(new Date(s).getTime()).toBeLessThan(Date.now() + 8 * DAY);
    expect((await walk(null, '/api/events?range=month', 50)).map((e) => e.id)).not.toContain(inCommunity);
    expect((await get(null, '/api/events?range=year')).statusCode).toBe(400);
    expect((await get(null, '/api/events?cursor=nonsense')).json().error.fields).toEqual({ cursor: 'Invalid cursor' });
  });

  it('keyset pages never skip nor repeat events sharing starts_at (to the microsecond on PostgreSQL)', async () => {
    const host = await createMember(t);
    const city = 'clearwater';
    const same = '2998-03-01T10:00:00.123456Z';
    const sameMs = '2998-03-01T10:00:00.123789Z';
    const ids: string[] = [];
    for (const at of [same, same, same, sameMs, sameMs, same, sameMs]) {
      const id = await createTestEvent(db, { createdBy: host.id, city, visibility: 'public' });
      await db.execute(sql`update ${events} set starts_at = ${at}::timestamptz, ends_at = ${at}::timestamptz + interval '1 hour' where id = ${id}::uuid`);
      ids.push(id);
    }
    for (const limit of [1, 2, 3]) {
      const got = (await walk(null, `/api/events?city=${city}`, limit)).map((e) => e.id);
      expect(new Set(got).size).toBe(got.length);
      expect([...got].sort()).toEqual([...ids].sort());
    }
    const past = (await walk(null, `/api/events?city=${city}&past=true`, 2)).map((e) => e.id);
    expect(past).toEqual([]);
  });

  it('one SQL statement per page, whatever its events; a constant number for the event page', async () => {
    const me = await createMember(t);
    const host = await createMember(t);
    const city = 'brandon';
    const countOf = async (url: string) => {
      const res = await get(me, url);
      expect(res.statusCode, res.body).toBe(200);
      return Number(res.headers[STATEMENT_COUNT_HEADER]);
    };
    await untilStatementCount(t, me, '/api/events', 1);
    const empty = await countOf(`/api/events?city=${city}`);
    const first = await createTestEvent(db, { createdBy: host.id, city, capacity: 50 });
    const pageOne = await countOf(`/api/events/${first}`);
    for (let i = 0; i < 6; i++) {
      const id = await createTestEvent(db, { createdBy: host.id, city });
      const member = await createMember(t);
      await registerForTest(db, id, member.id);
      await registerForTest(db, first, member.id);
      await injectAs(t, host, { method: 'GET', url: '/api/events' });
    }
    await registerForTest(db, first, me.id);
    expect(await countOf(`/api/events?city=${city}`)).toBe(empty);
    expect(empty).toBe(1);
    expect(await countOf(`/api/events/month?month=2030-01&city=${city}`)).toBe(1);
    const full = await countOf(`/api/events/${first}`);
    expect(full).toBe(pageOne);
    // access, the event with its people, the caller's registration.
    expect(full).toBe(3);
    const e = (await get(me, `/api/events/${first}`)).json() as EventView;
    // The creator (decision 025) and the 7 members going.
    expect(e.goingPreview).toHaveLength(8);
  });
});

describe('GET /api/events/month', () => {
  it('every visible event starting in that club-time month, soonest first; 400 on a bad month', async () => {
    const host = await createMember(t);
    const city = 'lakeland';
    // 2999-06-01 00:30 in New York is still May in UTC-less terms? No: it is 04:30Z on June 1st; 03:30Z is 23:30 May 31st NY.
    const lastOfMay = await createTestEvent(db, { createdBy: host.id, city, visibility: 'public', startsAt: new Date('2999-06-01T03:30:00Z') });
    const firstOfJune = await createTestEvent(db, { createdBy: host.id, city, visibility: 'public', startsAt: new Date('2999-06-01T04:30:00Z') });
    const members = await createTestEvent(db, { createdBy: host.id, city, visibility: 'members', startsAt: new Date('2999-06-02T16:00:00Z') });
    const june = await get(null, `/api/events/month?month=2999-06&city=${city}`);
    expect(june.json().items.map((e: EventSummaryView) => e.id)).toEqual([firstOfJune]);
    const asMember = await get(await createMember(t), `/api/events/month?month=2999-06&city=${city}`);
    expect(asMember.json().items.map((e: EventSummaryView) => e.id)).toEqual([firstOfJune, members]);
    expect((await get(null, `/api/events/month?month=2999-05&city=${city}`)).json().items.map((e: EventSummaryView) => e.id)).toEqual([lastOfMay]);
    const bad = await get(null, '/api/events/month?month=2999-13');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['month']);
  });
});
