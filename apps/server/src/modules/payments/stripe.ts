import path from 'node:path';
import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { startStripeLocal, type StripeLocal } from '../../platform/stripe-local/index.js';

/** Where Stripe's webhooks arrive: the platform's own events, and Connect's (members' payout accounts). */
export const WEBHOOK_PATHS = { platform: '/api/payments/webhooks/stripe', connect: '/api/payments/webhooks/stripe-connect' } as const;

/** The local double's signing secrets (no secret is needed for a double nobody else can reach). */
const LOCAL_SECRETS = { platform: 'whsec_local_platform', connect: 'whsec_local_connect' };

export interface StripeSetup {
  stripe: Stripe;
  mode: 'local' | 'test' | 'live';
  secrets: { platform: string; connect: string };
  /** The local double when no STRIPE_SECRET_KEY is set (its hosted pages are registered on the app). */
  local: StripeLocal | null;
}

/**
 * The one Stripe client of the app (decision 028): the official SDK, talking to Stripe with STRIPE_SECRET_KEY,
 * or to the local double it ships with (same SDK, pointed at it by host and port), so `npm start` and every test
 * run the whole money path offline. The double delivers its webhooks to our own endpoints through app.inject:
 * raw body and signature exactly as Stripe sends them.
 */
export async function createStripe(app: FastifyInstance, config: Config): Promise<StripeSetup> {
  if (config.STRIPE_SECRET_KEY) {
    return {
      stripe: new Stripe(config.STRIPE_SECRET_KEY, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'Bay Club' } }),
      mode: config.STRIPE_SECRET_KEY.includes('_live_') ? 'live' : 'test',
      secrets: { platform: config.STRIPE_WEBHOOK_SECRET!, connect: config.STRIPE_CONNECT_WEBHOOK_SECRET! },
      local: null,
    };
  }
  const secrets = {
    platform: config.STRIPE_WEBHOOK_SECRET ?? LOCAL_SECRETS.platform,
    connect: config.STRIPE_CONNECT_WEBHOOK_SECRET ?? LOCAL_SECRETS.connect,
  };
  const local = await startStripeLocal({
    publicUrl: config.publicUrl,
    // Tests keep the double in memory; the app keeps it beside the database, so a restart (and seed:demo, another
    // process) sees the same accounts and payments.
    stateFile: config.NODE_ENV === 'test' ? null : path.join(config.DATA_DIR, 'stripe-local.json'),
    webhookSecrets: secrets,
    deliver: async (endpoint, payload, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATHS[endpoint],
        payload,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      });
      return res.statusCode;
    },
  });
  app.addHook('onClose', async () => local.close());
  return {
    stripe: new Stripe('sk_test_local', { host: local.host, port: local.port, protocol: 'http', maxNetworkRetries: 0 }),
    mode: 'local',
    secrets,
    local,
  };
}

/** Stripe refused the request (invalid, wrong state): a message for the member; anything else is ours to log. */
export function stripeRefusal(err: unknown): string | null {
  if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) return err.message;
  return null;
}

export { Stripe };
