// Test fixtures for the Stripe double: a double with a recording webhook receiver, the real SDK pointed at it, and
// the usual objects (an enabled seller account, a valid Checkout request).
import Stripe from 'stripe';
import Fastify from 'fastify';
import { startStripeLocal, type StripeLocal, type StripeLocalOptions } from './index.js';

export const SECRETS = { platform: 'whsec_test_platform', connect: 'whsec_test_connect' };
export const PUBLIC_URL = 'http://bay.test';

export interface Received {
  endpoint: 'platform' | 'connect';
  payload: string;
  signature: string;
}

export interface Double {
  local: StripeLocal;
  stripe: Stripe;
  /** Every delivery the receiver got, in arrival order. */
  received: Received[];
  /** What the receiver answers next (default 200). */
  answer: (fn: (r: Received) => number | Promise<number>) => void;
  /** The received events, each verified with its endpoint's secret as the app does. */
  events: () => Array<Stripe.Event & { endpoint: 'platform' | 'connect' }>;
}

export async function startDouble(options: Partial<StripeLocalOptions> = {}): Promise<Double> {
  const received: Received[] = [];
  let answerWith: (r: Received) => number | Promise<number> = () => 200;
  const local = await startStripeLocal({
    publicUrl: PUBLIC_URL,
    webhookSecrets: SECRETS,
    deliver: async (endpoint, payload, signature) => {
      const r = { endpoint, payload, signature };
      received.push(r);
      return answerWith(r);
    },
    ...options,
  });
  const stripe = new Stripe('sk_test_local', { host: local.host, port: local.port, protocol: 'http', maxNetworkRetries: 0 });
  return {
    local,
    stripe,
    received,
    answer: (fn) => {
      answerWith = fn;
    },
    events: () => received.map((r) => ({ ...stripe.webhooks.constructEvent(r.payload, r.signature, SECRETS[r.endpoint]), endpoint: r.endpoint })),
  };
}

export const accountParams = (overrides: Stripe.AccountCreateParams = {}): Stripe.AccountCreateParams => ({
  country: 'US',
  email: 'host@example.com',
  controller: { stripe_dashboard: { type: 'express' }, fees: { payer: 'application' }, losses: { payments: 'application' } },
  capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  metadata: { bayclub_user_id: 'u1' },
  ...overrides,
});

/** A seller whose onboarding is complete (charges and transfers enabled). */
export async function enabledAccount(t: Double, overrides: Stripe.AccountCreateParams = {}): Promise<string> {
  const account = await t.stripe.accounts.create(accountParams(overrides));
  await t.local.act.onboard(account.id, 'complete');
  return account.id;
}

const HOUR_S = 3600;
export const nowS = () => Math.floor(Date.now() / 1000);

/** A Checkout request as the app makes one: 2 seats at $25.00, $5.00 to the club, the rest to the host. */
export const sessionParams = (destination: string, overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [{ quantity: 2, price_data: { currency: 'usd', unit_amount: 2500, product_data: { name: 'Sunset <Sail>' } } }],
  payment_intent_data: { application_fee_amount: 500, transfer_data: { destination }, metadata: { bayclub_payment_id: 'pay_1' } },
  metadata: { bayclub_payment_id: 'pay_1', bayclub_event_id: 'ev_1' },
  client_reference_id: 'reg_1',
  customer_email: 'guest@example.com',
  expires_at: nowS() + HOUR_S,
  success_url: `${PUBLIC_URL}/events/ev_1?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
  cancel_url: `${PUBLIC_URL}/events/ev_1?checkout=cancelled`,
  ...overrides,
});

/** A tiny Fastify app serving the hosted pages, as the app registers them. */
export async function pagesApp(local: StripeLocal) {
  const app = Fastify();
  await app.register(local.pages);
  await app.ready();
  return app;
}

/** The path of a hosted page's URL (the app serves it; tests inject the path). */
export const pathOf = (url: string) => url.slice(PUBLIC_URL.length);
