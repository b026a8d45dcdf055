// The hosted pages as the app serves them (fastify inject on a tiny app registering `pages`): onboarding links that
// work once, Checkout paid, declined and expired, and the Express dashboard stand-in.
import type Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { accountParams, enabledAccount, pagesApp, pathOf, PUBLIC_URL, sessionParams, startDouble } from './stripe-local-fixtures.js';

let clock = Date.now();
const t = await startDouble({ now: () => clock });
const app = await pagesApp(t.local);
afterAll(async () => {
  await app.close();
  await t.local.close();
});
const seller = await enabledAccount(t);
const urls = { refresh_url: `${PUBLIC_URL}/payouts/refresh`, return_url: `${PUBLIC_URL}/payouts/return` };
const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function onboardingPath() {
  const account = await t.stripe.accounts.create(accountParams());
  const link = await t.stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', ...urls });
  return { account: account.id, path: pathOf(link.url) };
}

describe('onboarding link', () => {
  it('opens once: the page, then a redirect to refresh_url', async () => {
    const { path } = await onboardingPath();
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    for (const text of ['Complete onboarding', 'Leave incomplete', 'Make restricted', "Bay Club's local Stripe test mode"]) {
      expect(page.body).toContain(text.replace("'", '&#39;'));
    }
    const again = await app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(urls.refresh_url);
  });

  it('an expired link sends the person to refresh_url', async () => {
    const { path } = await onboardingPath();
    clock += 301_000;
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(urls.refresh_url);
  });

  it('a choice sets the account, sends account.updated and returns to return_url', async () => {
    const { account, path } = await onboardingPath();
    await app.inject({ method: 'GET', url: path });
    const bad = await app.inject({ method: 'POST', url: path, ...form({ outcome: 'rich' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/<p class="alert" role="alert">Choose one of the three ways/);
    const done = await app.inject({ method: 'POST', url: path, ...form({ outcome: 'restricted' }) });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(urls.return_url);
    expect(await t.stripe.accounts.retrieve(account)).toMatchObject({ details_submitted: true, charges_enabled: false });
    await t.local.webhooks.idle();
    expect(t.events().at(-1)).toMatchObject({ type: 'account.updated', account, endpoint: 'connect' });
    // Used up: choosing again goes to refresh_url for a new link.
    const twice = await app.inject({ method: 'POST', url: path, ...form({ outcome: 'complete' }) });
    expect([twice.statusCode, twice.headers.location]).toEqual([303, urls.refresh_url]);
  });

  it('an unknown token is a 404 page, whatever it looks like', async () => {
    for (const token of ['nope', 'constructor', '__proto__']) {
      const res = await app.inject({ method: 'GET', url: `/stripe-local/onboarding/${token}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This link is not valid');
    }
  });
});

describe('checkout page', () => {
  const open = async (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
    t.stripe.checkout.sessions.create(sessionParams(seller, { expires_at: Math.floor(clock / 1000) + 3600, ...overrides }));

  it('shows the order, the email, the test card and both buttons, escaped', async () => {
    const session = await open();
    const page = await app.inject({ method: 'GET', url: pathOf(session.url!) });
    expect(page.statusCode).toBe(200);
    for (const text of ['Sunset &lt;Sail&gt; × 2', '$50.00', 'guest@example.com', '4242 4242 4242 4242', 'Pay $50.00', 'Use a declined card']) {
      expect(page.body).toContain(text);
    }
    expect(page.body).not.toContain('<Sail>');
    expect(page.body).toContain(`<a href="${PUBLIC_URL}/events/ev_1?checkout=cancelled">Back</a>`);
    expect(page.body).not.toMatch(/<script/i);
  });

  it('a declined card re-renders with an alert and leaves the session open', async () => {
    const session = await open();
    const res = await app.inject({ method: 'POST', url: pathOf(session.url!), ...form({ action: 'decline' }) });
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('<p class="alert" role="alert">Your card was declined.</p>');
    expect((await t.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('paying redirects to success_url with the session id, and the page then shows it paid', async () => {
    const session = await open();
    const res = await app.inject({ method: 'POST', url: pathOf(session.url!), ...form({ action: 'pay' }) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/events/ev_1?checkout=success&session_id=${session.id}`);
    expect(await t.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const after = await app.inject({ method: 'GET', url: pathOf(session.url!) });
    expect(after.body).toContain('Payment complete');
    const twice = await app.inject({ method: 'POST', url: pathOf(session.url!), ...form({ action: 'pay' }) });
    expect(twice.statusCode).toBe(409);
  });

  it('asks for an email when the session has none', async () => {
    const session = await open({ customer_email: undefined });
    const page = await app.inject({ method: 'GET', url: pathOf(session.url!) });
    expect(page.body).toContain('<label for="email">Email</label><input id="email" name="email" type="email"');
    const none = await app.inject({ method: 'POST', url: pathOf(session.url!), ...form({ action: 'pay' }) });
    expect([none.statusCode, none.body.includes('Enter your email.')]).toEqual([400, true]);
    await app.inject({ method: 'POST', url: pathOf(session.url!), ...form({ action: 'pay', email: 'walk-in@example.com' }) });
    expect((await t.stripe.checkout.sessions.retrieve(session.id)).customer_details).toEqual({ email: 'walk-in@example.com' });
  });

  it('an expired session shows that it expired and cannot be paid', async () => {
    const session = await open();
    clock += 3601_000;
    const page = await app.inject({ method: 'GET', url: pathOf(session.url!) });
    expect(page.body).toContain('This checkout has expired');
    const res = await app.inject({ method: 'POST', url: pathOf(session.url!), ...form({ action: 'pay' }) });
    expect(res.statusCode).toBe(409);
    expect((await t.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
  });

  it('odd bodies are answered as a page, never as a crash', async () => {
    const session = await open();
    const json = await app.inject({ method: 'POST', url: pathOf(session.url!), payload: { action: ['pay'] } });
    expect(json.statusCode).toBe(400);
    const mangled = await app.inject({ method: 'POST', url: pathOf(session.url!), ...form({ 'action[': 'pay' }) });
    expect(mangled.statusCode).toBe(400);
  });
});

describe('dashboard', () => {
  it("shows the account's status and payments: gross, fee, refunds, net", async () => {
    const session = await t.stripe.checkout.sessions.create(sessionParams(seller, { expires_at: Math.floor(clock / 1000) + 3600 }));
    await t.local.act.pay(session.id);
    const pi = (await t.stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    await t.stripe.refunds.create({ payment_intent: pi, amount: 1000, refund_application_fee: true, reverse_transfer: true });
    const link = await t.stripe.accounts.createLoginLink(seller);
    const page = await app.inject({ method: 'GET', url: pathOf(link.url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Complete: payments and payouts enabled');
    // $50.00 gross, $5.00 fee, $10.00 refunded; the host's $45.00 transfer less the $9.00 reversed: $36.00.
    expect(page.body).toMatch(/Sunset &lt;Sail&gt; × 2<\/td><td class="num">\$50\.00<\/td><td class="num">\$5\.00<\/td><td class="num">\$10\.00<\/td><td class="num">\$36\.00<\/td>/);
    expect((await app.inject({ method: 'GET', url: '/stripe-local/dashboard/nope' })).statusCode).toBe(404);
  });
});
