import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createMember, injectAs, isErrorBody, type TestUser } from '../../test/helpers.js';
import { addMember, insertCommunity } from '../../test/communities.js';
import { RAW_BODIES, craftedCursors, createRandom, mutate, randomObject, randomQuery, randomValue } from '../../test/fuzz.js';
import { events } from '../../db/schema/index.js';
import { createTestEvent, registerForTest } from './event-fixtures.js';

/**
 * The platform fuzzer walks every route with random ids, which stop at "not found". Here the events routes get
 * malformed input with REAL ids (an event its host edits, a member the host may add), so the mutations reach the
 * service and the SQL. Nothing may answer 5xx, and bad input leaves nothing half-written.
 */
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 40);
const t = await buildTestApp();
const db = t.ctx.database.db;

const host = await createMember(t);
const member = await createMember(t);
const community = await insertCommunity(t, { creatorId: host.id });
await addMember(t, community, member.id);
const target = await createTestEvent(db, { createdBy: host.id, communityId: community, visibility: 'community', capacity: 10, guestsAllowed: 2 });
await registerForTest(db, target, member.id, { guests: 1 });
await registerForTest(db, target, (await createMember(t)).id, { status: 'waitlisted' });
const [before] = await db.select().from(events).where(eq(events.id, target));

const ROUTES: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; sample?: Record<string, unknown>; queryKeys?: string[] }> = [
  { method: 'GET', url: '/api/events', queryKeys: ['city', 'communityId', 'range', 'going', 'past', 'cursor', 'limit'] },
  { method: 'GET', url: '/api/events/month', queryKeys: ['month', 'city', 'communityId', 'going'] },
  { method: 'GET', url: `/api/events/${target}`, queryKeys: ['x'] },
  { method: 'GET', url: `/api/events/${target}/attendees`, queryKeys: ['status', 'cursor', 'limit'] },
  {
    method: 'POST',
    url: '/api/events',
    sample: { title: 'Fuzz walk', startsAtLocal: '2999-03-08T19:00', endsAtLocal: '2999-03-08T21:00', timeZone: 'America/New_York', venue: 'Pier', visibility: 'community', communityId: community, capacity: 5, guestsAllowed: 1 },
  },
  // Title only, so a mutation that gets through leaves the target recognisable; the capacity rules are reached too.
  { method: 'PATCH', url: `/api/events/${target}`, sample: { title: 'Fuzz walk', capacity: 1, guestsAllowed: 0, startsAtLocal: '2999-03-08T19:00', endsAtLocal: '2999-03-08T18:00', timeZone: 'Nowhere/Zone' } },
  { method: 'PUT', url: `/api/events/${target}/hosts/${member.id}`, sample: { role: 'door' } },
];

describe('events routes with real ids: malformed input never breaks them', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url.replace(/[0-9a-f-]{36}/g, ':id')}`, async () => {
      const r = createRandom(route.url.length * 7919 + route.method.length);
      const failures: string[] = [];
      const check = (res: { statusCode: number; body: string }, sent: string) => {
        if (res.statusCode >= 500) failures.push(`${res.statusCode} for ${sent.slice(0, 200)}: ${res.body.slice(0, 120)}`);
        else if (res.statusCode >= 400 && res.body && !isErrorBody(JSON.parse(res.body))) failures.push(`error shape for ${sent.slice(0, 120)}`);
      };
      for (const who of [host, member] as TestUser[]) {
        if (route.method === 'GET') {
          const queries = [...Array.from({ length: ITERATIONS }, () => randomQuery(r, route.queryKeys ?? ['x'])), ...craftedCursors().map((c) => `cursor=${c}`)];
          for (const q of queries) check(await injectAs(t, who, { method: 'GET', url: `${route.url}?${q}` }), q);
          continue;
        }
        for (const raw of RAW_BODIES) {
          const headers = raw.contentType ? { 'content-type': raw.contentType } : {};
          check(await injectAs(t, who, { method: route.method, url: route.url, payload: raw.body, headers }), raw.body);
        }
        for (let i = 0; i < ITERATIONS; i++) {
          const roll = r.int(3);
          const body = roll === 0 && route.sample ? mutate(r, route.sample) : roll === 1 ? randomObject(r) : randomValue(r);
          const payload = JSON.stringify(body) ?? 'null';
          check(await injectAs(t, who, { method: route.method, url: route.url, payload, headers: { 'content-type': 'application/json' } }), payload);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('the target event is still whole: its seat counts match its registrations, its community and creator unchanged', async () => {
    const [row] = await db.select().from(events).where(eq(events.id, target));
    expect(row).toMatchObject({ goingCount: 2, waitlistCount: 1, communityId: community, createdBy: host.id, status: 'scheduled' });
    expect(row!.capacity === null || row!.capacity >= 2).toBe(true);
    expect(row!.sequence).toBeGreaterThanOrEqual(before!.sequence);
  });
});
