import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { badRequest } from '../../platform/errors.js';
import { PAYMENTS_ERRORS as M } from './messages.js';
import type { PayoutService } from './payout-service.js';
import * as repo from './repository.js';
import type { SeatPayments } from './seat-payments.js';
import { WEBHOOK_PATHS } from './stripe.js';

export interface WebhookDeps {
  db: Db;
  stripe: Stripe;
  secrets: { platform: string; connect: string };
  payouts: PayoutService;
  seats: SeatPayments;
}

/**
 * Stripe's webhooks (decision 028): the raw body's signature is verified with the endpoint's secret (400 and
 * nothing changed when it does not match); each event is applied once, in the transaction that records its id
 * (a retry of a failed one applies it then; a duplicate finds the id and does nothing); handlers read the state
 * they are given (or, for accounts, Stripe's current one), so events may come in any order. 200 once applied, a
 * 5xx for Stripe to retry otherwise.
 */
export const webhookRoutes =
  (deps: WebhookDeps): FastifyPluginAsync =>
  async (app) => {
    // This plugin's routes only: the body stays the exact bytes Stripe signed (within the app's body limit: Stripe's
    // events are a few kilobytes).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    const handle = async (endpoint: 'platform' | 'connect', body: unknown, signature: string | string[] | undefined) => {
      let event: Stripe.Event;
      try {
        if (typeof body !== 'string' || typeof signature !== 'string') throw new Error('unsigned');
        event = deps.stripe.webhooks.constructEvent(body, signature, deps.secrets[endpoint]);
      } catch {
        throw badRequest(M.badSignature);
      }
      // Network calls stay out of the transaction: an account is read from Stripe first (payout-service freshAccount).
      const account = event.type === 'account.updated' ? await deps.payouts.freshAccount(event.data.object.id) : null;
      const after = new AfterCommit();
      const follow = { refunds: [] as string[], expire: [] as string[] };
      await deps.db.transaction(async (tx) => {
        if (!(await repo.claimStripeEvent(tx, event.id, event.type))) return;
        switch (event.type) {
          case 'account.updated':
            await deps.payouts.applyAccount(tx, account!);
            break;
          case 'checkout.session.completed':
          case 'checkout.session.async_payment_succeeded':
            await deps.seats.applyCompleted(tx, after, event.data.object, follow);
            break;
          case 'checkout.session.expired':
            await deps.seats.applyExpired(tx, after, event.data.object);
            break;
          case 'refund.created':
          case 'refund.updated':
          case 'refund.failed':
            await deps.seats.applyRefund(tx, event.data.object);
            break;
          default:
          // Other events (charge.refunded, ...) are recorded and ignored: the refund's own events carry its state.
        }
      });
      after.run();
      await deps.seats.runFollowUps(follow);
      return { received: true };
    };

    const config = { access: 'public' as const, anyOrigin: true as const };
    app.post(WEBHOOK_PATHS.platform, { config }, async (request) => handle('platform', request.body, request.headers['stripe-signature']));
    app.post(WEBHOOK_PATHS.connect, { config }, async (request) => handle('connect', request.body, request.headers['stripe-signature']));
  };
