import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { EventPayouts } from '../events/index.js';
import type { Notifier } from '../notifications/index.js';
import { tracked } from '../../platform/job-runs.js';
import { createPayoutService } from './payout-service.js';
import { paymentsRoutes } from './routes.js';
import { createSeatPayments } from './seat-payments.js';
import { createStripe } from './stripe.js';
import { webhookRoutes } from './webhooks.js';

/** The sweep runs every minute: a 15-minute hold ends at most a minute late. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Payments (issue 22, decision 028): payout accounts, paid seats, refunds, webhooks and the sweep, against Stripe
 * or the local double. Returns the events module's port (who may sell, what a cancellation does) and the services
 * tests and the benchmark drive.
 */
export async function registerPayments(app: FastifyInstance, ctx: AppContext, deps: { notifier: Notifier }) {
  const { stripe, mode, secrets, local } = await createStripe(app, ctx.config);
  const db = ctx.database.db;
  const payouts = createPayoutService({ db, stripe, publicUrl: ctx.config.publicUrl, log: ctx.log });
  const seats = createSeatPayments({ db, stripe, publicUrl: ctx.config.publicUrl, log: ctx.log, notifier: deps.notifier, settings: ctx.settings });

  if (local) await app.register(local.pages);
  await app.register(webhookRoutes({ db, stripe, secrets, payouts, seats }));
  await app.register(paymentsRoutes(ctx, { payouts, seats, mode }));

  // Tests sweep on demand; the app every minute, never two at once, never keeping the process alive.
  if (ctx.config.NODE_ENV !== 'test') {
    let sweeping: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      sweeping ??= tracked(db, 'payments-sweep', () => seats.sweep())
        .catch((err: unknown) => ctx.log.error({ err }, 'payments sweep failed'))
        .finally(() => (sweeping = null));
    }, SWEEP_EVERY_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  }

  const port: EventPayouts = {
    sellerCurrency: (userId) => payouts.sellerCurrency(userId),
    afterCancel: (eventId) =>
      void seats.refundEvent(eventId).catch((err: unknown) => ctx.log.error({ err, eventId }, 'refunds of a cancelled event failed; the sweep retries')),
  };
  return { port, payouts, seats, stripe, local, mode };
}

export type PaymentsServices = Awaited<ReturnType<typeof registerPayments>>;
