import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { CheckoutResult, EventSalesView, PaymentView, PayoutAccountView, PayoutSetupResult } from '@bayclub/shared';
import {
  buildTestApp,
  createLimitedMember,
  createMember,
  deactivate,
  applyAs,
  injectAs,
  setSettings,
  DENIED,
  type TestUser,
} from '../../test/helpers.js';
import { eventPayments, eventRegistrations, events, notifications, payoutAccounts } from '../../db/schema/index.js';
import { WEBHOOK_PATHS } from './stripe.js';

const t = await buildTestApp();
const db = t.ctx.database.db;
const payments = t.services.payments;
const local = payments.local!;

const post = (who: TestUser | null, url: string, payload?: object) => injectAs(t, who, { method: 'POST', url, payload: payload ?? {} });
const get = (who: TestUser | null, url: string) => injectAs(t, who, { method: 'GET', url });
const sessionOf = (url: string) => url.split('/').at(-1)!;

async function accountIdOf(userId: string) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row!.stripeAccountId;
}

/** A member who set up payouts and finished Stripe's onboarding (the webhook applied). */
async function enabledHost(): Promise<TestUser> {
  const host = await createMember(t);
  const setup = (await post(host, '/api/payments/payout-account', { email: host.email, country: 'US' })).json() as PayoutSetupResult;
  expect(setup.onboardingUrl).toMatch(/\/stripe-local\/onboarding\//);
  await local.act.onboard(await accountIdOf(host.id), 'complete');
  await local.webhooks.idle();
  return host;
}

function startsIn(hours: number) {
  const at = new Date(Date.now() + hours * 3_600_000);
  // The form's wall-clock time in the event's zone: UTC keeps the test simple.
  return { startsAtLocal: at.toISOString().slice(0, 16), endsAtLocal: new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 16), timeZone: 'UTC' };
}

async function paidEvent(host: TestUser, opts: { capacity?: number | null; price?: number; guestsAllowed?: number; hours?: number; cutoff?: number } = {}) {
  const res = await post(host, '/api/events', {
    title: 'Supper club',
    venue: 'The Pier',
    visibility: 'members',
    ...startsIn(opts.hours ?? 72),
    capacity: opts.capacity === undefined ? 2 : opts.capacity,
    guestsAllowed: opts.guestsAllowed ?? 1,
    priceAmount: opts.price ?? 2500,
    refundCutoffHours: opts.cutoff ?? 24,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function members(n: number) {
  return Promise.all(Array.from({ length: n }, () => createMember(t)));
}

const checkout = (who: TestUser, eventId: string, guests = 0) => post(who, `/api/events/${eventId}/checkout`, { guests });

/** Checkout and pay at the double; the webhook applied. */
async function buy(who: TestUser, eventId: string, guests = 0) {
  const res = await checkout(who, eventId, guests);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as CheckoutResult;
  expect(body.outcome).toBe('checkout');
  expect((await local.act.pay(sessionOf(body.checkoutUrl!))).ok).toBe(true);
  await local.webhooks.idle();
  return sessionOf(body.checkoutUrl!);
}

async function registration(eventId: string, userId: string) {
  const [row] = await db
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)));
  return row ?? null;
}

async function counts(eventId: string) {
  const [row] = await db.select({ going: events.goingCount, waitlist: events.waitlistCount }).from(events).where(eq(events.id, eventId));
  return row!;
}

async function expectCountsMatchRows(eventId: string) {
  const regs = await db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
  const going = regs.filter((r) => r.status === 'going' || r.status === 'awaiting_payment').reduce((n, r) => n + 1 + r.guests, 0);
  const waitlist = regs.filter((r) => r.status === 'waitlisted').length;
  expect(await counts(eventId)).toEqual({ going, waitlist });
}

async function paymentsOf(eventId: string) {
  return db.select().from(eventPayments).where(eq(eventPayments.eventId, eventId));
}

/** Make a hold (or claim) end now, as if its time had passed. */
async function endHold(eventId: string, userId: string) {
  await db.execute(sql`update ${eventRegistrations} set hold_expires_at = now() - interval '1 second'
    where event_id = ${eventId}::uuid and user_id = ${userId}::uuid and status = 'awaiting_payment'`);
}

describe('payout accounts (spec 4, 7, 8)', () => {
  it('goes none → incomplete → restricted → enabled from Stripe’s word, never the browser’s', async () => {
    const m = await createMember(t);
    expect((await get(m, '/api/payments/payout-account')).json()).toMatchObject({ state: 'none', requirementsDue: [] });

    const bad = await post(m, '/api/payments/payout-account', { email: 'not-an-email', country: 'XX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: 'Enter a valid email address', country: 'Choose a payout country' });
    expect(await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, m.id))).toEqual([]);

    const first = (await post(m, '/api/payments/payout-account', { email: m.email })).json() as PayoutSetupResult;
    expect(first).toMatchObject({ error: null, isComplete: false });
    // Account Links are single use: every click mints a new one, for the same Stripe account.
    const again = (await post(m, '/api/payments/payout-account', { email: m.email, country: 'US' })).json() as PayoutSetupResult;
    expect(again.onboardingUrl).not.toBe(first.onboardingUrl);
    expect(await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, m.id))).toHaveLength(1);
    expect((await get(m, '/api/payments/payout-account')).json()).toMatchObject({ state: 'incomplete', country: 'US', currency: 'usd' });
    expect((await post(m, '/api/payments/payout-account/dashboard')).json()).toMatchObject({ dashboardUrl: null, error: expect.any(String) });

    const acct = await accountIdOf(m.id);
    await local.act.onboard(acct, 'restricted');
    await local.webhooks.idle();
    const restricted = (await get(m, '/api/payments/payout-account')).json() as PayoutAccountView;
    expect(restricted).toMatchObject({ state: 'restricted', detailsSubmitted: true, chargesEnabled: false });
    expect(restricted.requirementsDue).toEqual(['A photo of your ID', 'A bank account for payouts']);

    await local.act.onboard(acct, 'complete');
    // The member came back from onboarding before the webhook: the refresh asks Stripe.
    expect((await post(m, '/api/payments/payout-account/refresh')).json()).toMatchObject({ state: 'enabled', requirementsDue: [] });
    await local.webhooks.idle();
    expect((await post(m, '/api/payments/payout-account', { email: m.email })).json()).toMatchObject({ isComplete: true, onboardingUrl: null });
    expect((await post(m, '/api/payments/payout-account/dashboard')).json()).toMatchObject({ error: null, dashboardUrl: expect.stringContaining('/stripe-local/dashboard/') });
  });

  it('refresh_url mints a fresh link for the caller; nobody reaches another member’s account', async () => {
    const [a, b] = await members(2);
    await post(a!, '/api/payments/payout-account', { email: a!.email });
    const res = await get(a!, '/api/payments/payout-account/onboarding');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/\/stripe-local\/onboarding\//);
    expect((await get(b!, '/api/payments/payout-account')).json()).toMatchObject({ state: 'none' });
    expect((await get(b!, '/api/payments/payout-account/onboarding')).headers.location).toBe('/profile?settings=earnings');
  });

  it('refuses visitors, applicants and deactivated members', async () => {
    const applicant = await applyAs(t);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    expect((await get(null, '/api/payments/payout-account')).statusCode).toBe(401);
    for (const who of [applicant, gone]) {
      const res = await post(who, '/api/payments/payout-account', { email: who.email });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(DENIED);
    }
  });

  it('applies account.updated once, in any order; a bad signature is a 400 that changes nothing', async () => {
    const m = await createMember(t);
    await post(m, '/api/payments/payout-account', { email: m.email });
    const acct = await accountIdOf(m.id);
    local.webhooks.hold();
    await local.act.onboard(acct, 'incomplete');
    await local.act.onboard(acct, 'complete');
    // Delivered newest first, each twice: the older word arrives last and is ignored.
    await local.webhooks.release({ reverse: true, duplicate: true });
    await local.webhooks.idle();
    expect((await get(m, '/api/payments/payout-account')).json()).toMatchObject({ state: 'enabled' });

    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'account.updated', created: Math.floor(Date.now() / 1000) + 60, data: { object: { id: acct, object: 'account', charges_enabled: false, payouts_enabled: false, details_submitted: false } } });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const res = await t.app.inject({ method: 'POST', url: WEBHOOK_PATHS.connect, payload, headers: { 'content-type': 'application/json', 'stripe-signature': forged } });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: WEBHOOK_PATHS.connect, payload, headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await get(m, '/api/payments/payout-account')).json()).toMatchObject({ state: 'enabled' });
  });
});

describe('paid events', () => {
  it('only a host with an enabled payout account sells; the price is fixed once anyone registered', async () => {
    const m = await createMember(t);
    const res = await post(m, '/api/events', { title: 'Boat day', venue: 'Marina', visibility: 'members', ...startsIn(48), priceAmount: 4000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ priceAmount: 'Set up payouts in Settings → Earnings before selling seats' });
    const tooCheap = await post(m, '/api/events', { title: 'Boat day', venue: 'Marina', visibility: 'members', ...startsIn(48), priceAmount: 10 });
    expect(tooCheap.statusCode).toBe(400);
    expect(tooCheap.json().error.fields.priceAmount).toBeDefined();

    const host = await enabledHost();
    const id = await paidEvent(host, { price: 4000 });
    const view = (await get(host, `/api/events/${id}`)).json();
    expect(view.price).toEqual({ amount: 4000, currency: 'usd' });
    expect(view.paid).toMatchObject({ amount: 4000, currency: 'usd', refundCutoffHours: 24, claimWindowHours: 12 });
    const [buyer] = await members(1);
    // A free RSVP to a paid event is refused: seats are bought.
    expect((await injectAs(t, buyer!, { method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'going', guests: 0 } })).statusCode).toBe(409);
    await checkout(buyer!, id);
    const change = await injectAs(t, host, { method: 'PATCH', url: `/api/events/${id}`, payload: { priceAmount: 100 } });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.fields).toEqual({ priceAmount: 'The price cannot change once members have registered' });
  });

  it('a limited member needs register_paid_events; applicants, deactivated and blocked members cannot pay', async () => {
    const host = await enabledHost();
    const id = await paidEvent(host);
    const limited = await createLimitedMember(t);
    await setSettings(t, { limited_users_can_register_paid_events: 'false' });
    expect((await checkout(limited, id)).statusCode).toBe(403);
    await setSettings(t, { limited_users_can_register_paid_events: 'true' });
    expect((await checkout(limited, id)).statusCode).toBe(200);

    // An applicant does not see a members-only event (404); a public one they see but cannot buy (403).
    const applicant = await applyAs(t);
    expect((await checkout(applicant, id)).statusCode).toBe(404);
    const open = await paidEvent(host);
    await injectAs(t, host, { method: 'PATCH', url: `/api/events/${open}`, payload: { visibility: 'public' } });
    expect((await checkout(applicant, open)).statusCode).toBe(403);
    const gone = await createMember(t);
    await deactivate(t, gone.id);
    expect((await checkout(gone, id)).statusCode).toBe(403);
    const blocked = await createMember(t);
    expect((await post(host, '/api/blocks', { userId: blocked.id })).statusCode).toBeLessThan(300);
    expect((await checkout(blocked, id)).statusCode).toBe(404);
    expect((await get(blocked, `/api/events/${id}/payment`)).statusCode).toBe(404);
    // The host's sales are the host's.
    expect((await get(limited, `/api/events/${id}/sales`)).statusCode).toBe(403);
  });

  it('sells the last seat once: of concurrent payers one gets Checkout, the others the waitlist', async () => {
    const host = await enabledHost();
    const id = await paidEvent(host, { capacity: 1 });
    const buyers = await members(4);
    const results = await Promise.all(buyers.map((b) => checkout(b, id)));
    const outcomes = results.map((r) => (r.json() as CheckoutResult).outcome).sort();
    expect(outcomes).toEqual(['checkout', 'waitlisted', 'waitlisted', 'waitlisted']);
    await expectCountsMatchRows(id);
    expect(await counts(id)).toEqual({ going: 1, waitlist: 3 });
    // Opening Checkout again while held gives the same one (no second payment row).
    const winner = buyers[results.findIndex((r) => r.json().outcome === 'checkout')]!;
    const again = (await checkout(winner, id)).json() as CheckoutResult;
    expect(again.checkoutUrl).toBe(results.find((r) => r.json().outcome === 'checkout')!.json().checkoutUrl);
    expect(await paymentsOf(id)).toHaveLength(1);
    // A declined card leaves the seat held; paying makes it theirs, with a ticket.
    const session = sessionOf(again.checkoutUrl!);
    expect(await local.act.pay(session, { decline: true })).toEqual({ ok: false, message: 'Your card was declined.' });
    expect((await registration(id, winner.id))!.status).toBe('awaiting_payment');
    await local.act.pay(session);
    await local.webhooks.idle();
    expect((await registration(id, winner.id))!.status).toBe('going');
    expect((await get(winner, `/api/events/${id}/ticket`)).statusCode).toBe(200);
    const payment = (await get(winner, `/api/events/${id}/payment`)).json().payment as PaymentView;
    expect(payment).toMatchObject({ status: 'paid', amount: 2500, currency: 'usd', seats: 1, refund: null });
    const sales = (await get(host, `/api/events/${id}/sales`)).json() as EventSalesView;
    expect(sales).toEqual({ currency: 'usd', seatsSold: 1, gross: 2500, fees: 0, refunds: 0, net: 2500, seatsOnResale: 0 });
  });

  it('a hold that runs out gives the seat to the waitlist, whose claim window passes it on when unpaid', async () => {
    const host = await enabledHost();
    const id = await paidEvent(host, { capacity: 1 });
    const [a, b, c] = await members(3);
    const held = (await checkout(a!, id)).json() as CheckoutResult;
    expect((await checkout(b!, id)).json().outcome).toBe('waitlisted');
    expect((await checkout(c!, id)).json().outcome).toBe('waitlisted');

    await endHold(id, a!.id);
    // The sweep expires the Checkout at Stripe, then gives the seat back; the expiry's webhook may beat it to that
    // (either one releases it, once).
    await payments.seats.sweep();
    await local.webhooks.idle();
    expect((await registration(id, a!.id))!.status).toBe('not_going');
    // The seat is offered to b (first come), held for the claim window; the checkout at Stripe was expired.
    const offer = (await get(b!, `/api/events/${id}`)).json().mine;
    expect(offer).toMatchObject({ status: 'awaiting_payment', hold: { kind: 'claim', expiresAt: expect.any(String) } });
    const window = new Date(offer.hold.expiresAt).getTime() - Date.now();
    expect(window).toBeGreaterThan(11.9 * 3_600_000);
    expect(window).toBeLessThanOrEqual(12 * 3_600_000);
    expect(await local.act.pay(sessionOf(held.checkoutUrl!))).toMatchObject({ ok: false });
    const told = await db.select().from(notifications).where(and(eq(notifications.userId, b!.id), eq(notifications.kind, 'events.claim')));
    expect(told).toHaveLength(1);

    await endHold(id, b!.id);
    await payments.seats.sweep();
    await local.webhooks.idle();
    expect((await registration(id, b!.id))!.status).toBe('not_going');
    expect((await registration(id, c!.id))!.status).toBe('awaiting_payment');
    // c claims within the window: Checkout, paid, going.
    await buy(c!, id);
    expect((await registration(id, c!.id))!.status).toBe('going');
    await expectCountsMatchRows(id);
  });

  it('cancelling before the cut-off refunds in full; after it the seats are refunded once someone else buys them', async () => {
    const host = await enabledHost();
    await setSettings(t, { payments_fee_percent: '10', payments_fee_fixed: '30' });
    const early = await paidEvent(host, { capacity: 3, cutoff: 24, hours: 72 });
    const [a, b] = await members(2);
    await buy(a!, early, 1);
    const [paid] = await paymentsOf(early);
    expect(paid).toMatchObject({ amount: 5000, applicationFee: 530, seats: 2, status: 'paid' });
    const cancel = await post(a!, `/api/events/${early}/ticket/cancel`);
    expect(cancel.json()).toEqual({ refund: 'refunded' });
    await local.webhooks.idle();
    expect((await get(a!, `/api/events/${early}/payment`)).json().payment.refund).toMatchObject({ state: 'succeeded', amount: 5000, reason: 'cancelled_in_time' });
    expect((await registration(early, a!.id))!.status).toBe('not_going');
    expect(await counts(early)).toEqual({ going: 0, waitlist: 0 });

    const late = await paidEvent(host, { capacity: 1, cutoff: 24, hours: 5 });
    await buy(b!, late);
    expect((await post(b!, `/api/events/${late}/ticket/cancel`)).json()).toEqual({ refund: 'on_resale' });
    expect((await get(b!, `/api/events/${late}/payment`)).json().payment.refund).toMatchObject({ state: 'on_resale' });
    expect((await get(host, `/api/events/${late}/sales`)).json()).toMatchObject({ seatsSold: 0, seatsOnResale: 1, refunds: 0 });
    const [c] = await members(1);
    await buy(c!, late);
    await local.webhooks.idle();
    expect((await get(b!, `/api/events/${late}/payment`)).json().payment.refund).toMatchObject({ state: 'succeeded', reason: 'resold' });
    expect((await get(host, `/api/events/${late}/sales`)).json()).toMatchObject({ seatsSold: 1, seatsOnResale: 0, refunds: 2500, gross: 5000 });
    await setSettings(t, { payments_fee_percent: '0', payments_fee_fixed: '0' });
  });

  it('a host cancelling the event refunds everyone', async () => {
    const host = await enabledHost();
    const id = await paidEvent(host, { capacity: 5 });
    const buyers = await members(3);
    for (const b of buyers) await buy(b, id);
    expect((await post(host, `/api/events/${id}/cancel`)).statusCode).toBe(200);
    await expect.poll(async () => (await paymentsOf(id)).map((p) => p.refundState), { timeout: 5000 }).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect((await paymentsOf(id)).every((p) => p.refundReason === 'event_cancelled')).toBe(true);
  });

  it('checkout webhooks late, twice and reversed are applied once; a lost one is found by the reconciliation', async () => {
    const host = await enabledHost();
    const id = await paidEvent(host, { capacity: 5 });
    const [a, b] = await members(2);
    local.webhooks.hold();
    const res = (await checkout(a!, id)).json() as CheckoutResult;
    await local.act.pay(sessionOf(res.checkoutUrl!));
    await local.webhooks.release({ reverse: true, duplicate: true });
    await local.webhooks.idle();
    expect((await registration(id, a!.id))!.status).toBe('going');
    expect(await paymentsOf(id)).toHaveLength(1);

    local.webhooks.drop('checkout.session.completed');
    const lost = (await checkout(b!, id)).json() as CheckoutResult;
    await local.act.pay(sessionOf(lost.checkoutUrl!));
    await local.webhooks.idle();
    expect((await registration(id, b!.id))!.status).toBe('awaiting_payment');
    await db.execute(sql`update ${eventPayments} set updated_at = now() - interval '5 minutes' where event_id = ${id}::uuid and status = 'open'`);
    expect((await payments.seats.sweep()).reconciled).toBe(1);
    expect((await registration(id, b!.id))!.status).toBe('going');
    await expectCountsMatchRows(id);
  });

  it('coming back from Checkout confirms at once, only for the payer', async () => {
    const host = await enabledHost();
    const id = await paidEvent(host, { capacity: 5 });
    const [a, other] = await members(2);
    local.webhooks.drop('checkout.session.completed');
    const res = (await checkout(a!, id)).json() as CheckoutResult;
    const session = sessionOf(res.checkoutUrl!);
    await local.act.pay(session);
    expect((await post(other!, `/api/events/${id}/checkout/confirm`, { sessionId: session })).statusCode).toBe(404);
    const confirmed = await post(a!, `/api/events/${id}/checkout/confirm`, { sessionId: session });
    expect(confirmed.json().mine).toMatchObject({ status: 'going' });
    expect((await post(a!, `/api/events/${id}/checkout/confirm`, { sessionId: 'nope' })).statusCode).toBe(400);
  });

  it('lists a member’s payments, newest first, paged', async () => {
    const host = await enabledHost();
    const [a] = await members(1);
    for (let i = 0; i < 3; i++) await buy(a!, await paidEvent(host, { capacity: 5 }));
    const page = (await get(a!, '/api/payments')).json();
    expect(page.items).toHaveLength(3);
    expect(page.items.every((p: PaymentView) => p.status === 'paid')).toBe(true);
    expect(page.nextCursor).toBeNull();
    expect((await get(null, '/api/payments')).statusCode).toBe(401);
    expect((await get(a!, '/api/payments/mode')).statusCode).toBe(403);
  });
});
