import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createMember, injectAs, isErrorBody, type TestUser } from '../../test/helpers.js';
import { HOSTILE_SEGMENTS, HOSTILE_TAILS, RAW_BODIES, createRandom, randomObject, randomParam, randomQuery, randomValue } from '../../test/fuzz.js';
import { insertEvent, register } from '../../test/calendar-fixtures.js';
import { calendarFeeds } from '../../db/schema/index.js';

/**
 * The platform fuzzer reaches the calendar routes with random ids and tokens, which stop at 404. Here they get
 * REAL ones (a visible event, a hidden one, a live feed token) with junk around them, so the input reaches the
 * SQL and the .ics builder. Nothing answers 5xx; a 4xx carries the error body; the feed survives.
 */
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 40);
const t = await buildTestApp();
const host = await createMember(t);
const member = await createMember(t);
const visible = await insertEvent(t, { createdBy: host.id, visibility: 'public', title: 'Fuzz "event"; with, odd\\chars\n😀', description: 'x\r\ny', address: '' });
/** Members only: hidden from the anonymous caller. */
const hidden = await insertEvent(t, { createdBy: host.id, visibility: 'members' });
await register(t, visible, member.id);
const feed = (await injectAs(t, member, { method: 'POST', url: '/api/calendar-feed', payload: {} })).json().url as string;
const token = new URL(feed).pathname.split('/').pop()!.replace('.ics', '');

describe('calendar routes with real ids and tokens: malformed input never breaks them', () => {
  const failures: string[] = [];
  const check = (res: { statusCode: number; body: string; headers: Record<string, unknown> }, sent: string) => {
    if (res.statusCode >= 500) failures.push(`${res.statusCode} for ${sent.slice(0, 120)}: ${res.body.slice(0, 120)}`);
    else if (res.statusCode >= 400 && res.body && !isErrorBody(JSON.parse(res.body))) failures.push(`error shape for ${sent.slice(0, 120)}`);
  };

  it('GET the .ics of a real event, and of junk ids, with random queries', async () => {
    const r = createRandom(11);
    for (const who of [null, host, member] as Array<TestUser | null>) {
      for (const id of [visible, hidden, ...HOSTILE_SEGMENTS, randomParam(r), `${visible}${r.pick(HOSTILE_TAILS)}`]) {
        for (let i = 0; i < ITERATIONS / 4; i++) {
          const url = `/api/events/${id}/calendar.ics?${randomQuery(r, ['x', 'tz'])}`;
          check(await injectAs(t, who, { method: 'GET', url }), url);
        }
      }
    }
    expect(failures).toEqual([]);
    const ok = await injectAs(t, null, { method: 'GET', url: `/api/events/${visible}/calendar.ics` });
    expect(ok.statusCode).toBe(200);
  });

  it('GET the feed with the real token, mangled tokens and junk', async () => {
    const r = createRandom(23);
    const tokens = [token, token.toLowerCase(), `${token}=`, `${token}.ics`, token.slice(1), `${token}%00`, '%F0%9F%98%80', 'a'.repeat(500), ...HOSTILE_SEGMENTS];
    for (const tk of tokens) {
      for (let i = 0; i < ITERATIONS / 4; i++) {
        const url = `/api/calendar/${tk}.ics?${randomQuery(r, ['x'])}`;
        check(await injectAs(t, r.chance(0.5) ? member : null, { method: 'GET', url }), url);
      }
    }
    expect(failures).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/${token}.ics` })).statusCode).toBe(200);
  });

  it('POST and DELETE /api/calendar-feed with random bodies; the member keeps exactly one feed', async () => {
    const r = createRandom(37);
    for (const method of ['POST', 'DELETE'] as const) {
      for (const raw of RAW_BODIES) {
        const headers = raw.contentType ? { 'content-type': raw.contentType } : {};
        check(await injectAs(t, host, { method, url: '/api/calendar-feed', payload: raw.body, headers }), raw.body);
      }
      for (let i = 0; i < ITERATIONS; i++) {
        const payload = JSON.stringify(r.chance(0.5) ? randomObject(r) : randomValue(r)) ?? 'null';
        check(await injectAs(t, host, { method, url: '/api/calendar-feed', payload, headers: { 'content-type': 'application/json' } }), payload);
      }
    }
    expect(failures).toEqual([]);
    const rows = await t.ctx.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, host.id));
    expect(rows.length).toBeLessThanOrEqual(1);
  });
});
