import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createMember, injectAs, isErrorBody, type TestUser } from '../../test/helpers.js';
import { RAW_BODIES, createRandom, mutate, randomObject, randomValue } from '../../test/fuzz.js';
import { eventPayments, events, payoutAccounts } from '../../db/schema/index.js';
import { WEBHOOK_PATHS } from './stripe.js';

/**
 * The platform fuzzer reaches the money routes with random ids only. Here they get malformed input with REAL ids (a
 * paid event of a host whose payout account is enabled), so mutations reach the services, the SQL and the Stripe
 * double. Nothing may answer 5xx; bad input writes nothing (no payment, no payout account, no seat held).
 */
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 40);
const t = await buildTestApp();
const db = t.ctx.database.db;
const local = t.services.payments.local!;

const host = await createMember(t);
const setup = await injectAs(t, host, { method: 'POST', url: '/api/payments/payout-account', payload: { email: host.email } });
expect(setup.statusCode).toBe(200);
const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, host.id));
await local.act.onboard(account!.stripeAccountId, 'complete');
await local.webhooks.idle();
const at = new Date(Date.now() + 72 * 3_600_000).toISOString().slice(0, 16);
const created = await injectAs(t, host, {
  method: 'POST',
  url: '/api/events',
  payload: { title: 'Fuzz sail', venue: 'Marina', visibility: 'members', startsAtLocal: at, endsAtLocal: `${at.slice(0, 11)}23:59`, timeZone: 'UTC', capacity: 3, guestsAllowed: 1, priceAmount: 1500 },
});
expect(created.statusCode, created.body).toBe(201);
const target = created.json().id as string;
const buyer = await createMember(t);

const ROUTES: Array<{ method: 'POST'; url: string; sample: Record<string, unknown>; who: TestUser }> = [
  { method: 'POST', url: '/api/payments/payout-account', sample: { email: 'someone@example.com', country: 'GB' }, who: buyer },
  { method: 'POST', url: `/api/events/${target}/checkout`, sample: { guests: 12 }, who: buyer },
  { method: 'POST', url: `/api/events/${target}/checkout/confirm`, sample: { sessionId: 'cs_test_unknown' }, who: buyer },
  { method: 'POST', url: WEBHOOK_PATHS.platform, sample: { id: 'evt_x', type: 'checkout.session.completed', data: { object: {} } }, who: buyer },
];

describe('money routes with real ids: malformed input never breaks them', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url.replace(/[0-9a-f-]{36}/g, ':id')}`, async () => {
      const r = createRandom(route.url.length * 7919);
      const failures: string[] = [];
      const check = (res: { statusCode: number; body: string }, sent: string) => {
        if (res.statusCode >= 500) failures.push(`${res.statusCode} for ${sent.slice(0, 200)}: ${res.body.slice(0, 120)}`);
        else if (res.statusCode >= 400 && res.body && !isErrorBody(JSON.parse(res.body))) failures.push(`error shape for ${sent.slice(0, 120)}`);
      };
      for (const raw of RAW_BODIES) {
        const headers = raw.contentType ? { 'content-type': raw.contentType } : {};
        check(await injectAs(t, route.who, { method: route.method, url: route.url, payload: raw.body, headers }), raw.body);
      }
      for (let i = 0; i < ITERATIONS; i++) {
        const roll = r.int(3);
        const body = roll === 0 ? mutate(r, route.sample) : roll === 1 ? randomObject(r) : randomValue(r);
        // Valid bodies (guests 0 or 1) would hold seats; the checkout's holds are let go after each try.
        const payload = JSON.stringify(body) ?? 'null';
        check(await injectAs(t, route.who, { method: route.method, url: route.url, payload, headers: { 'content-type': 'application/json' } }), payload);
        if (route.url.endsWith('/checkout')) await injectAs(t, route.who, { method: 'POST', url: `/api/events/${target}/ticket/cancel`, payload: {} });
      }
      expect(failures).toEqual([]);
    });
  }

  it('nothing half-written: no seat held, no payment paid, the buyer has no payout account unless one was created whole', async () => {
    const [row] = await db.select().from(events).where(eq(events.id, target));
    expect(row).toMatchObject({ goingCount: 0, waitlistCount: 0, priceAmount: 1500, currency: 'usd' });
    const payments = await db.select().from(eventPayments).where(eq(eventPayments.eventId, target));
    expect(payments.every((p) => p.status !== 'paid')).toBe(true);
    const accounts = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, buyer.id));
    expect(accounts.every((a) => a.stripeAccountId.startsWith('acct_'))).toBe(true);
  });
});
