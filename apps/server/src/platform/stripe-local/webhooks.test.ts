// The double's webhooks: signed so the SDK's constructEvent verifies them, sent to the right endpoint, retried on
// failure, and held, reordered, duplicated or lost on demand.
import Stripe from 'stripe';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { accountParams, enabledAccount, SECRETS, sessionParams, startDouble } from './stripe-local-fixtures.js';

const t = await startDouble();
afterAll(() => t.local.close());
const seller = await enabledAccount(t);
await t.local.webhooks.idle();
t.received.length = 0;
afterEach(async () => {
  await t.local.webhooks.idle();
  t.received.length = 0;
  t.answer(() => 200);
});

/** A paid session's id, after its events went out. */
async function paidSession(): Promise<string> {
  const session = await t.stripe.checkout.sessions.create(sessionParams(seller));
  await t.local.act.pay(session.id);
  return session.id;
}

describe('events', () => {
  it('account.updated goes to the Connect endpoint, signed with its secret, naming the account', async () => {
    const { id } = await t.stripe.accounts.create(accountParams());
    await t.local.act.onboard(id, 'complete');
    await t.local.webhooks.idle();
    const [event] = t.events();
    expect(event).toMatchObject({
      object: 'event',
      type: 'account.updated',
      endpoint: 'connect',
      account: id,
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id, object: 'account', charges_enabled: true, details_submitted: true } },
    });
    expect(event!.id).toMatch(/^evt_[A-Za-z0-9]{24}$/);
    // The platform's secret does not verify a Connect event.
    const r = t.received[0]!;
    expect(() => t.stripe.webhooks.constructEvent(r.payload, r.signature, SECRETS.platform)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('a payment sends checkout.session.completed to the platform endpoint, with the session as it was paid', async () => {
    const id = await paidSession();
    await t.local.webhooks.idle();
    const [event] = t.events();
    expect(event).toMatchObject({ type: 'checkout.session.completed', endpoint: 'platform', data: { object: { id, status: 'complete', payment_status: 'paid' } } });
    expect(event).not.toHaveProperty('account');
    expect((event!.data.object as Stripe.Checkout.Session).payment_intent).toMatch(/^pi_/);
  });

  it('expiry and refunds send their events', async () => {
    const open = await t.stripe.checkout.sessions.create(sessionParams(seller));
    await t.stripe.checkout.sessions.expire(open.id);
    const paid = await t.stripe.checkout.sessions.retrieve(await paidSession());
    await t.stripe.refunds.create({ payment_intent: paid.payment_intent as string, amount: 1000 });
    await t.local.webhooks.idle();
    expect(t.events().map((e) => e.type)).toEqual(['checkout.session.expired', 'checkout.session.completed', 'refund.created', 'charge.refunded']);
    const charge = t.events()[3]!.data.object as Stripe.Charge;
    expect([charge.amount_refunded, charge.refunded]).toEqual([1000, false]);
  });
});

describe('delivery', () => {
  it('holds deliveries, then releases them reversed and each twice', async () => {
    t.local.webhooks.hold();
    const first = await t.stripe.accounts.create(accountParams());
    const second = await t.stripe.accounts.create(accountParams());
    await t.local.act.onboard(first.id, 'incomplete');
    await t.local.act.onboard(second.id, 'complete');
    // Nothing goes out while held, and waiting for idle does not wait for the held queue.
    await t.local.webhooks.idle();
    expect(t.received).toEqual([]);
    await t.local.webhooks.release({ reverse: true, duplicate: true });
    const events = t.events();
    expect(events.map((e) => e.account)).toEqual([second.id, first.id, second.id, first.id]);
    expect(events[0]!.id).toBe(events[2]!.id);
    expect(events[0]!.id).not.toBe(events[1]!.id);
  });

  it('loses the next event of a type when told to, and delivers the ones after it', async () => {
    t.local.webhooks.drop('checkout.session.completed');
    const lost = await paidSession();
    const delivered = await paidSession();
    await t.local.webhooks.idle();
    const ids = t.events().map((e) => (e.data.object as Stripe.Checkout.Session).id);
    expect(ids).toEqual([delivered]);
    expect(ids).not.toContain(lost);
    // Stripe still knows the session is paid: reconciliation finds it.
    expect((await t.stripe.checkout.sessions.retrieve(lost)).status).toBe('complete');
  });

  it('retries a failed delivery with backoff until it is taken', async () => {
    let calls = 0;
    t.answer(() => (++calls <= 2 ? 500 : 200));
    await paidSession();
    await t.local.webhooks.idle();
    const tries = t.local.webhooks.log().slice(-3);
    expect(tries.map((e) => e.status)).toEqual([500, 500, 200]);
    expect(new Set(tries.map((e) => e.id)).size).toBe(1);
    // Each attempt is signed afresh; all verify.
    expect(t.events()).toHaveLength(3);
  });

  it('gives up after four attempts, and counts a throwing receiver as a failure', async () => {
    t.answer(() => {
      throw new Error('receiver down');
    });
    const started = Date.now();
    await paidSession();
    await t.local.webhooks.idle();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
    const tries = t.local.webhooks.log().slice(-4);
    expect(tries.map((e) => [e.type, e.status])).toEqual(Array(4).fill(['checkout.session.completed', 0]));
  });

  it('records events as undelivered without a deliver function, and uses one set later', async () => {
    t.local.setDeliver(undefined);
    await paidSession();
    await t.local.webhooks.idle();
    expect(t.local.webhooks.log().at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 0 });
    expect(t.received).toEqual([]);
    const got: string[] = [];
    t.local.setDeliver(async (endpoint) => {
      got.push(endpoint);
      return 204;
    });
    await paidSession();
    await t.local.webhooks.idle();
    expect(got).toEqual(['platform']);
    expect(t.local.webhooks.log().at(-1)).toMatchObject({ status: 204, endpoint: 'platform' });
  });
});
