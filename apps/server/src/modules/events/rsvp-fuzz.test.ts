import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createMember, injectAs, isErrorBody, type TestUser } from '../../test/helpers.js';
import { RAW_BODIES, createRandom, mutate, randomObject, randomQuery, randomValue } from '../../test/fuzz.js';
import { eventRegistrations, events } from '../../db/schema/index.js';
import { createTestEvent } from './event-fixtures.js';

/**
 * The platform fuzzer walks every route with random ids, which stop at "not found". Here the RSVP and door routes
 * get malformed input with a REAL event the callers see (a host, a member going with a ticket), so mutations reach
 * the service and the SQL. Nothing may answer 5xx; 4xx answers are error bodies, except the door's own answers
 * (409/422 CheckInResult, docs/api.md); bad input leaves nothing half-written (the counts match the rows).
 */
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 40);
const t = await buildTestApp();
const db = t.ctx.database.db;

const host = await createMember(t);
const member = await createMember(t);
const eventId = await createTestEvent(db, { createdBy: host.id, capacity: 3, guestsAllowed: 2 });
await injectAs(t, member, { method: 'PUT', url: `/api/events/${eventId}/rsvp`, payload: { status: 'going', guests: 1 } });
const ticket = (await injectAs(t, member, { method: 'GET', url: `/api/events/${eventId}/ticket` })).json() as { token: string; code: string };

const ROUTES: Array<{ method: 'GET' | 'POST' | 'PUT'; url: string; sample?: Record<string, unknown> }> = [
  { method: 'PUT', url: `/api/events/${eventId}/rsvp`, sample: { status: 'going', guests: 1 } },
  { method: 'GET', url: `/api/events/${eventId}/ticket` },
  { method: 'POST', url: `/api/events/${eventId}/check-ins`, sample: { token: ticket.token } },
  { method: 'POST', url: `/api/events/${eventId}/check-ins`, sample: { code: ticket.code } },
  { method: 'GET', url: `/api/events/${eventId}/check-ins` },
  { method: 'GET', url: `/api/events/${eventId}/attendance` },
];

const DOOR_OUTCOMES = ['already_used', 'other_event', 'cancelled', 'invalid'];
const isDoorAnswer = (status: number, body: unknown) =>
  (status === 409 || status === 422) &&
  typeof body === 'object' &&
  body !== null &&
  DOOR_OUTCOMES.includes(String((body as { outcome?: unknown }).outcome));

describe('RSVP and door routes with a real event: malformed input never breaks them', () => {
  for (const [n, route] of ROUTES.entries()) {
    it(`${route.method} ${route.url.replace(/[0-9a-f-]{36}/g, ':id')} (${n})`, async () => {
      const r = createRandom(route.url.length * 7919 + n);
      const failures: string[] = [];
      const check = (res: { statusCode: number; body: string }, sent: string) => {
        if (res.statusCode >= 500) failures.push(`${res.statusCode} for ${sent.slice(0, 120)}: ${res.body.slice(0, 120)}`);
        else if (res.statusCode >= 400 && res.body) {
          const body = JSON.parse(res.body) as unknown;
          if (!isErrorBody(body) && !isDoorAnswer(res.statusCode, body)) failures.push(`error shape for ${sent.slice(0, 120)}: ${res.body.slice(0, 120)}`);
        }
      };
      for (const who of [host, member] as TestUser[]) {
        if (route.method === 'GET') {
          for (let i = 0; i < ITERATIONS; i++) {
            const q = randomQuery(r, ['x', 'status', 'cursor']);
            check(await injectAs(t, who, { method: 'GET', url: `${route.url}?${q}` }), q);
          }
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

  it('the event is still whole: its counts match its registrations', async () => {
    const regs = await db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
    const [row] = await db.select().from(events).where(eq(events.id, eventId));
    expect(row!.goingCount).toBe(regs.filter((x) => x.status === 'going').reduce((s, x) => s + 1 + x.guests, 0));
    expect(row!.waitlistCount).toBe(regs.filter((x) => x.status === 'waitlisted').length);
    expect(row!.goingCount).toBeLessThanOrEqual(3);
  });
});
