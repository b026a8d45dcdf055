import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, createAdmin, createMember, injectAs, isErrorBody, type TestUser } from '../../test/helpers.js';
import { RAW_BODIES, craftedCursors, createRandom, mutate, randomObject, randomQuery, randomValue } from '../../test/fuzz.js';
import { locationCheckIns, locations } from '../../db/schema/index.js';
import { createTestLocation, insertTestCheckIn } from './location-fixtures.js';

/**
 * The platform fuzzer walks every route with random ids, which stop at "not found". Here the locations routes get
 * malformed input with REAL ids (a place its manager edits, a member's check-in, a valid code), so the mutations
 * reach the service and the SQL. Nothing may answer 5xx, and bad input leaves nothing half-written.
 */
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 40);
const t = await buildTestApp();
const db = t.ctx.database.db;

const manager = await createAdmin(t);
const member = await createMember(t);
const target = await createTestLocation(db, { name: 'Fuzz Target', city: 'tampa' });
await createTestLocation(db, { name: 'Fuzz Neighbour', city: 'tampa', latitude: null, longitude: null });
const checkInId = await insertTestCheckIn(db, { locationId: target, userId: member.id, minutesAgo: 300 });
const token = (await injectAs(t, manager, { method: 'GET', url: `/api/locations/${target}/qr` })).json().token as string;

const ROUTES: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; sample?: Record<string, unknown>; queryKeys?: string[] }> = [
  { method: 'GET', url: '/api/locations', queryKeys: ['city', 'category', 'q', 'lat', 'lng', 'includeInactive', 'cursor', 'limit'] },
  { method: 'GET', url: `/api/locations/${target}`, queryKeys: ['x'] },
  { method: 'GET', url: `/api/locations/${target}/check-ins`, queryKeys: ['cursor', 'limit'] },
  { method: 'GET', url: '/api/locations/scan', queryKeys: ['token'] },
  { method: 'GET', url: `/api/profiles/${member.id}/check-ins`, queryKeys: ['cursor', 'limit'] },
  {
    method: 'POST',
    url: '/api/locations',
    sample: { name: 'Fuzz Cafe', category: 'cafe', address: '1 Fuzz St', city: 'tampa', latitude: 27.95, longitude: -82.45, description: 'x', openingHours: 'y', checkInMode: 'poster' },
  },
  // Description only changes, so a mutation that gets through leaves the target recognisable.
  { method: 'PATCH', url: `/api/locations/${target}`, sample: { description: 'Fuzzed', latitude: 27.95, longitude: -82.45, active: true } },
  { method: 'POST', url: `/api/locations/${target}/check-ins`, sample: { token, visibility: 'public', position: { latitude: 27.95, longitude: -82.45 } } },
  { method: 'PUT', url: '/api/me/location-settings', sample: { defaultVisibility: 'public' } },
  { method: 'POST', url: `/api/locations/check-ins/${checkInId}/check-out`, sample: {} },
  { method: 'POST', url: `/api/locations/${target}/qr/regenerate`, sample: {} },
];

describe('locations routes with real ids: malformed input never breaks them', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url.replace(/[0-9a-f-]{36}/g, ':id')}`, async () => {
      const r = createRandom(route.url.length * 7919 + route.method.length);
      const failures: string[] = [];
      const check = (res: { statusCode: number; body: string }, sent: string) => {
        if (res.statusCode >= 500) failures.push(`${res.statusCode} for ${sent.slice(0, 200)}: ${res.body.slice(0, 120)}`);
        else if (res.statusCode >= 400 && res.body) {
          // A refused code or position answers the LocationCheckInResult itself (409/422); everything else the error shape.
          const body = JSON.parse(res.body) as Record<string, unknown>;
          const refusal = (res.statusCode === 409 || res.statusCode === 422) && typeof body.outcome === 'string';
          if (!refusal && !isErrorBody(body)) failures.push(`error shape for ${sent.slice(0, 120)}`);
        }
      };
      for (const who of [manager, member] as TestUser[]) {
        if (route.method === 'GET') {
          const queries = [
            ...Array.from({ length: ITERATIONS }, () => randomQuery(r, route.queryKeys ?? ['x'])),
            ...craftedCursors().map((c) => `cursor=${c}`),
            ...craftedCursors().map((c) => `lat=27.9&lng=-82.4&cursor=${c}`),
          ];
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

  it('the target is whole: its name and city unchanged, at most one check-in per member in any 3 hours', async () => {
    const [row] = await db.select().from(locations).where(eq(locations.id, target));
    expect(row).toMatchObject({ name: 'Fuzz Target', city: 'tampa' });
    const rows = await db.execute(sql`
      select a.user_id from ${locationCheckIns} a join ${locationCheckIns} b
        on a.user_id = b.user_id and a.location_id = b.location_id and a.id <> b.id
        and abs(extract(epoch from a.created_at - b.created_at)) < 3 * 3600`);
    expect((rows as { rows?: unknown[] }).rows ?? rows).toEqual([]);
  });
});
