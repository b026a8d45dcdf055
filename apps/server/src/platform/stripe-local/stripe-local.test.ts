// The Stripe double through the real SDK: what it accepts, what it refuses (with Stripe's typed errors), payments,
// refunds, idempotency and persistence. Webhooks and the hosted pages have their own files beside this one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { accountParams, enabledAccount, nowS, PUBLIC_URL, sessionParams, startDouble, type Double } from './stripe-local-fixtures.js';

const t = await startDouble();
afterAll(() => t.local.close());
/** A host whose onboarding is complete: the destination of the sessions below. */
const seller = await enabledAccount(t);

/** The error a call was refused with (the test fails when it was not). */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) return err;
    throw err;
  }
  throw new Error('expected Stripe to refuse the call');
}

describe('accounts', () => {
  it('creates an Express account from controller properties, waiting for onboarding', async () => {
    const account = await t.stripe.accounts.create(accountParams({ country: 'GB' }));
    expect(account.id).toMatch(/^acct_[A-Za-z0-9]{24}$/);
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      country: 'GB',
      email: 'host@example.com',
      default_currency: 'gbp',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      controller: { type: 'application', stripe_dashboard: { type: 'express' }, fees: { payer: 'application' }, losses: { payments: 'application' } },
      metadata: { bayclub_user_id: 'u1' },
    });
    expect(account.requirements?.currently_due).toContain('external_account');
    expect(account.requirements?.disabled_reason).toBe('requirements.past_due');
    expect(await t.stripe.accounts.retrieve(account.id)).toEqual(account);
  });

  it('refuses `type` together with `controller`, as Stripe does', async () => {
    const err = await refusal(t.stripe.accounts.create(accountParams({ type: 'express' })));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 400, rawType: 'invalid_request_error', param: 'type' });
    expect(err.message).toBe('You cannot specify `type` together with `controller`: use the `controller` properties only.');
  });

  it('refuses countries it cannot pay out to, and codes that are not countries', async () => {
    const br = await refusal(t.stripe.accounts.create(accountParams({ country: 'BR' })));
    expect(br).toMatchObject({ statusCode: 400, param: 'country', message: 'Connected accounts cannot be created in BR. Supported countries: AU, CA, DE, ES, FR, GB, IT, NL, US.' });
    const bad = await refusal(t.stripe.accounts.create(accountParams({ country: 'Narnia' })));
    expect(bad).toMatchObject({ param: 'country' });
    expect(bad.message).toMatch(/^Country 'Narnia' is unknown\./);
    expect(await refusal(t.stripe.accounts.create(accountParams({ email: 'not an email' })))).toMatchObject({ param: 'email', code: 'email_invalid' });
  });

  it('refuses parameters it does not model, and unknown accounts with resource_missing', async () => {
    const unknown = await refusal(t.stripe.accounts.create({ ...accountParams(), business_type: 'individual' }));
    expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'business_type' });
    const missing = await refusal(t.stripe.accounts.retrieve('acct_000000000000000000000000'));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such account: 'acct_000000000000000000000000'" });
    // An id that is a property of every object is still just an unknown id.
    expect(await refusal(t.stripe.accounts.retrieve('constructor'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(await refusal(t.stripe.accounts.retrieve('acct with spaces'))).toMatchObject({ message: "No such account: 'acct with spaces'" });
  });

  it('answers 401 without a test secret key, and 404 for endpoints it does not serve', async () => {
    const live = new Stripe('sk_live_abcdefghijklmnop', { host: t.local.host, port: t.local.port, protocol: 'http', maxNetworkRetries: 0 });
    expect(await refusal(live.accounts.retrieve('acct_x'))).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const base = `http://${t.local.host}:${t.local.port}`;
    const anonymous = await fetch(`${base}/v1/accounts`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()) as unknown).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringMatching(/^You did not provide an API key/) } });
    const other = await fetch(`${base}/v1/customers`, { headers: { authorization: 'Bearer sk_test_local' } });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { message: string } }).error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/customers\)/);
    expect(await refusal(t.stripe.customers.create({}))).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe('account links and login links', () => {
  it('mints a five-minute onboarding link on the app, and checks its URLs', async () => {
    const { id } = await t.stripe.accounts.create(accountParams());
    const urls = { refresh_url: `${PUBLIC_URL}/payouts/refresh`, return_url: `${PUBLIC_URL}/payouts/return` };
    const link = await t.stripe.accountLinks.create({ account: id, type: 'account_onboarding', ...urls });
    expect(link).toMatchObject({ object: 'account_link', expires_at: link.created + 300 });
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}/stripe-local/onboarding/[A-Za-z0-9]{32}$`));
    expect(await refusal(t.stripe.accountLinks.create({ account: id, type: 'account_onboarding', ...urls, return_url: 'nope' }))).toMatchObject({
      code: 'url_invalid',
      param: 'return_url',
      message: 'Not a valid URL',
    });
    expect(await refusal(t.stripe.accountLinks.create({ account: id, type: 'account_onboarding', refresh_url: urls.refresh_url } as never))).toMatchObject({
      code: 'parameter_missing',
      message: 'Missing required param: return_url.',
    });
    expect(await refusal(t.stripe.accountLinks.create({ account: 'acct_nope', type: 'account_onboarding', ...urls }))).toMatchObject({ code: 'resource_missing', param: 'account' });
    expect(await refusal(t.stripe.accountLinks.create({ account: id, type: 'custom_account_update' as never, ...urls }))).toMatchObject({
      param: 'type',
      message: 'Invalid type: must be one of account_onboarding or account_update',
    });
  });

  it('sets each onboarding outcome on the account', async () => {
    const outcomes = { complete: [true, true, true], incomplete: [false, false, false], restricted: [true, false, false] } as const;
    for (const [outcome, [submitted, charges, payouts]] of Object.entries(outcomes)) {
      const { id } = await t.stripe.accounts.create(accountParams());
      await t.local.act.onboard(id, outcome as keyof typeof outcomes);
      const account = await t.stripe.accounts.retrieve(id);
      expect([account.details_submitted, account.charges_enabled, account.payouts_enabled]).toEqual([submitted, charges, payouts]);
      if (outcome === 'complete') expect(account.capabilities).toEqual({ card_payments: 'active', transfers: 'active' });
      if (outcome === 'incomplete') expect(account.requirements?.currently_due).toEqual(expect.arrayContaining(['individual.first_name', 'external_account']));
      if (outcome === 'restricted') expect(account.requirements).toMatchObject({ currently_due: ['individual.verification.document', 'external_account'], disabled_reason: 'requirements.past_due' });
    }
  });

  it('refuses a login link before onboarding is complete', async () => {
    const { id } = await t.stripe.accounts.create(accountParams());
    const err = await refusal(t.stripe.accounts.createLoginLink(id));
    expect(err).toMatchObject({ statusCode: 400, message: 'Cannot create a login link for an account that has not completed onboarding.' });
    await t.local.act.onboard(id, 'complete');
    const link = await t.stripe.accounts.createLoginLink(id);
    expect(link).toMatchObject({ object: 'login_link', url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/stripe-local/dashboard/`)) });
  });
});

describe('checkout sessions', () => {

  it('creates an open session with the amounts, metadata and a hosted URL', async () => {
    const session = await t.stripe.checkout.sessions.create(sessionParams(seller));
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{24}$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'payment',
      amount_total: 5000,
      amount_subtotal: 5000,
      currency: 'usd',
      customer_email: 'guest@example.com',
      client_reference_id: 'reg_1',
      payment_intent: null,
      metadata: { bayclub_payment_id: 'pay_1', bayclub_event_id: 'ev_1' },
      url: `${PUBLIC_URL}/stripe-local/checkout/${session.id}`,
      livemode: false,
    });
    expect(session.success_url).toContain('{CHECKOUT_SESSION_ID}');
    expect(await t.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] })).toEqual(session);
  });

  it('refuses what Stripe refuses', async () => {
    const create = (o: Partial<Stripe.Checkout.SessionCreateParams>) => refusal(t.stripe.checkout.sessions.create(sessionParams(seller, o)));
    const item = (currency: string, unit_amount: number, quantity = 1) => ({ line_items: [{ quantity, price_data: { currency, unit_amount, product_data: { name: 'Seat' } } }] });
    expect(await create({ ...item('usd', 49), payment_intent_data: undefined })).toMatchObject({
      message: "The Checkout Session's total amount due must add up to at least $0.50 usd",
    });
    expect(await create({ ...item('gbp', 29), payment_intent_data: undefined })).toMatchObject({ message: expect.stringContaining('£0.30 gbp') });
    await expect(t.stripe.checkout.sessions.create(sessionParams(seller, { ...item('gbp', 30), payment_intent_data: undefined }))).resolves.toMatchObject({ amount_total: 30 });
    expect(await create({ ...item('usd', 2500, 0) })).toMatchObject({ param: 'line_items[0][quantity]' });
    expect(await create({ ...item('xyz', 2500) })).toMatchObject({ param: 'line_items[0][price_data][currency]' });
    expect(await create({ line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 2500, product_data: { description: 'A seat' } as never } }] })).toMatchObject({
      message: 'Missing required param: line_items[0][price_data][product_data][name].',
    });
    expect(await create({ payment_intent_data: { application_fee_amount: 5001, transfer_data: { destination: seller } } })).toMatchObject({
      param: 'payment_intent_data[application_fee_amount]',
    });
    expect(await create({ payment_intent_data: { application_fee_amount: 500 } })).toMatchObject({
      message: expect.stringMatching(/^Can only apply an application_fee_amount when/),
    });
    expect(await create({ success_url: undefined })).toMatchObject({ code: 'parameter_missing', message: 'Missing required param: success_url.' });
    expect(await create({ mode: undefined })).toMatchObject({ message: 'Missing required param: mode.' });
    expect(await create({ expires_at: nowS() + 29 * 60 })).toMatchObject({
      param: 'expires_at',
      message: 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
    });
    expect(await create({ expires_at: nowS() + 25 * 3600 })).toMatchObject({
      param: 'expires_at',
      message: 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
    });
  });

  it('refuses a destination that cannot take transfers', async () => {
    const fresh = await t.stripe.accounts.create(accountParams());
    const restricted = await t.stripe.accounts.create(accountParams());
    await t.local.act.onboard(restricted.id, 'restricted');
    for (const destination of [fresh.id, restricted.id]) {
      expect(await refusal(t.stripe.checkout.sessions.create(sessionParams(destination)))).toMatchObject({
        code: 'insufficient_capabilities_for_transfer',
        param: 'payment_intent_data[transfer_data][destination]',
        message: 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      });
    }
    expect(await refusal(t.stripe.checkout.sessions.create(sessionParams('acct_gone')))).toMatchObject({ code: 'resource_missing' });
  });

  it('paying makes a succeeded payment intent with the fee and transfer; a declined card changes nothing', async () => {
    const session = await t.stripe.checkout.sessions.create(sessionParams(seller));
    expect(await t.local.act.pay(session.id, { decline: true })).toEqual({ ok: false, message: 'Your card was declined.' });
    expect((await t.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(await t.local.act.pay(session.id)).toEqual({ ok: true });
    const paid = await t.stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null, payment_intent: expect.stringMatching(/^pi_[A-Za-z0-9]{24}$/) });
    const pi = await t.stripe.paymentIntents.retrieve(paid.payment_intent as string);
    expect(pi).toMatchObject({
      status: 'succeeded',
      amount: 5000,
      application_fee_amount: 500,
      transfer_data: { destination: seller },
      latest_charge: expect.stringMatching(/^ch_/),
      metadata: { bayclub_payment_id: 'pay_1' },
    });
    expect(await t.local.act.pay(session.id)).toEqual({ ok: false, message: 'This Checkout Session is already complete.' });
  });

  it('expires an open session (API and time), and refuses to expire or pay one that is not open', async () => {
    const open = await t.stripe.checkout.sessions.create(sessionParams(seller));
    expect(await t.stripe.checkout.sessions.expire(open.id)).toMatchObject({ status: 'expired', url: null });
    expect(await t.local.act.pay(open.id)).toEqual({ ok: false, message: 'This Checkout Session has expired.' });
    expect(await refusal(t.stripe.checkout.sessions.expire(open.id))).toMatchObject({ message: 'Only Checkout Sessions with a status in ["open"] can be expired.' });

    const paid = await t.stripe.checkout.sessions.create(sessionParams(seller));
    await t.local.act.pay(paid.id);
    expect(await refusal(t.stripe.checkout.sessions.expire(paid.id))).toMatchObject({ statusCode: 400, rawType: 'invalid_request_error' });

    const later = await t.stripe.checkout.sessions.create(sessionParams(seller));
    await t.local.act.expire(later.id);
    expect((await t.stripe.checkout.sessions.retrieve(later.id)).status).toBe('expired');
  });

  it('expires a session by itself once its expires_at has passed', async () => {
    let clock = Date.now();
    const timed = await startDouble({ now: () => clock });
    try {
      const host = await enabledAccount(timed);
      const session = await timed.stripe.checkout.sessions.create(sessionParams(host, { expires_at: Math.floor(clock / 1000) + 31 * 60 }));
      clock += 30 * 60_000;
      expect((await timed.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
      clock += 2 * 60_000;
      expect((await timed.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
      await timed.local.webhooks.idle();
      expect(timed.events().map((e) => e.type)).toEqual(['account.updated', 'checkout.session.expired']);
    } finally {
      await timed.local.close();
    }
  });
});

describe('refunds', () => {
  const paidIntent = async (double: Double = t) => {
    const session = await double.stripe.checkout.sessions.create(sessionParams(double === t ? seller : await enabledAccount(double)));
    await double.local.act.pay(session.id);
    return (await double.stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
  };

  it('refunds in full, and refuses a second refund with charge_already_refunded', async () => {
    const pi = await paidIntent();
    const refund = await t.stripe.refunds.create({ payment_intent: pi, refund_application_fee: true, reverse_transfer: true, metadata: { bayclub_payment_id: 'pay_1' } });
    expect(refund.id).toMatch(/^re_[A-Za-z0-9]{24}$/);
    expect(refund).toMatchObject({ object: 'refund', amount: 5000, currency: 'usd', status: 'succeeded', payment_intent: pi, metadata: { bayclub_payment_id: 'pay_1' } });
    expect(refund.charge).toMatch(/^ch_/);
    expect(await t.stripe.refunds.retrieve(refund.id)).toEqual(refund);
    const again = await refusal(t.stripe.refunds.create({ payment_intent: pi }));
    expect(again).toMatchObject({ code: 'charge_already_refunded', message: `Charge ${refund.charge as string} has already been refunded.` });
  });

  it('refunds in parts, and refuses more than is left', async () => {
    const pi = await paidIntent();
    await t.stripe.refunds.create({ payment_intent: pi, amount: 2000 });
    const over = await refusal(t.stripe.refunds.create({ payment_intent: pi, amount: 3001 }));
    expect(over).toMatchObject({ code: 'amount_too_large', param: 'amount', message: 'Refund amount ($30.01) is greater than unrefunded amount on charge ($30.00)' });
    expect(await t.stripe.refunds.create({ payment_intent: pi })).toMatchObject({ amount: 3000 });
    expect(await refusal(t.stripe.refunds.create({ payment_intent: pi, amount: 1 }))).toMatchObject({ code: 'charge_already_refunded' });
    expect(await refusal(t.stripe.refunds.create({ payment_intent: 'pi_nope' }))).toMatchObject({ code: 'resource_missing', param: 'payment_intent' });
    expect(await refusal(t.stripe.refunds.create({ payment_intent: pi, amount: 0 }))).toMatchObject({ param: 'amount' });
  });

  it('with refunds settling later: pending, then succeeded or failed (a failed one gives the amount back)', async () => {
    const later = await startDouble();
    try {
      later.local.setRefundMode('later');
      const pi = await paidIntent(later);
      const pending = await later.stripe.refunds.create({ payment_intent: pi });
      expect(pending.status).toBe('pending');
      await later.local.act.settleRefund(pending.id, 'failed');
      expect(await later.stripe.refunds.retrieve(pending.id)).toMatchObject({ status: 'failed' });
      const retry = await later.stripe.refunds.create({ payment_intent: pi });
      await later.local.act.settleRefund(retry.id, 'succeeded');
      expect((await later.stripe.refunds.retrieve(retry.id)).status).toBe('succeeded');
      await later.local.webhooks.idle();
      const refundEvents = later.events().filter((e) => e.type.startsWith('refund.'));
      expect(refundEvents.map((e) => [e.type, (e.data.object as Stripe.Refund).status])).toEqual([
        ['refund.created', 'pending'],
        ['refund.updated', 'failed'],
        ['refund.failed', 'failed'],
        ['refund.created', 'pending'],
        ['refund.updated', 'succeeded'],
      ]);
    } finally {
      await later.local.close();
    }
  });
});

describe('idempotency keys', () => {
  it('replays the stored answer for the same key and parameters', async () => {
    const first = await t.stripe.accounts.create(accountParams(), { idempotencyKey: 'acct-u1' });
    const second = await t.stripe.accounts.create(accountParams(), { idempotencyKey: 'acct-u1' });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.statusCode).toBe(200);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with other parameters, or at another endpoint', async () => {
    await t.stripe.accounts.create(accountParams(), { idempotencyKey: 'acct-u2' });
    const other = await refusal(t.stripe.accounts.create(accountParams({ email: 'other@example.com' }), { idempotencyKey: 'acct-u2' }));
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters they were first used with\./);
    const elsewhere = await refusal(t.stripe.checkout.sessions.create(sessionParams('acct_x'), { idempotencyKey: 'acct-u2' }));
    expect(elsewhere).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('keeps no result for a refused request: the corrected retry with the same key goes through', async () => {
    await refusal(t.stripe.accounts.create(accountParams({ country: 'BR' }), { idempotencyKey: 'acct-u3' }));
    await expect(t.stripe.accounts.create(accountParams(), { idempotencyKey: 'acct-u3' })).resolves.toMatchObject({ country: 'US' });
  });
});

describe('persistence', () => {
  it('writes the state to its file and a later double (another process) reads it back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-local-'));
    const stateFile = path.join(dir, 'nested', 'stripe-local.json');
    try {
      const first = await startDouble({ stateFile, deliver: undefined });
      const seller = await enabledAccount(first);
      const session = await first.stripe.checkout.sessions.create(sessionParams(seller), { idempotencyKey: 'checkout-1' });
      await first.local.act.pay(session.id);
      await first.local.webhooks.idle();
      await first.local.close();
      expect(fs.readdirSync(path.dirname(stateFile))).toEqual(['stripe-local.json']);

      const second = await startDouble({ stateFile });
      try {
        expect(await second.stripe.accounts.retrieve(seller)).toMatchObject({ charges_enabled: true });
        expect(await second.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'complete' });
        const replay = await second.stripe.checkout.sessions.create(sessionParams(seller, { expires_at: session.expires_at }), { idempotencyKey: 'checkout-1' });
        expect(replay.id).toBe(session.id);
        // The first double had nobody to deliver to: its events are logged as undelivered.
        expect(second.local.webhooks.log().map((e) => [e.type, e.status])).toEqual([
          ['account.updated', 0],
          ['checkout.session.completed', 0],
        ]);
      } finally {
        await second.local.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
