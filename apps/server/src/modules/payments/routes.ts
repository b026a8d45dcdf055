import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutConfirmSchema,
  checkoutSchema,
  eventIdParamsSchema,
  paymentsQuerySchema,
  payoutSetupSchema,
  type PaymentsModeView,
} from '@bayclub/shared';
import type { AppContext } from '../../app-context.js';
import { requireActor } from '../access/index.js';
import type { PayoutService } from './payout-service.js';
import type { SeatPayments } from './seat-payments.js';

/**
 * Money routes (issue 22, docs/api.md "Payments"). Payout accounts are the caller's own (no id is ever taken from
 * the request: spec 6); paid seats go through the events module's face; the webhooks are in webhooks.ts.
 */
export const paymentsRoutes =
  (ctx: AppContext, deps: { payouts: PayoutService; seats: SeatPayments; mode: PaymentsModeView['mode'] }): FastifyPluginAsyncZod =>
  async (app) => {
    const { payouts, seats } = deps;
    // Approved members only: an applicant has nothing to sell or buy yet, a deactivated member nothing to change.
    const member = { access: 'approved' as const };
    const approved = member;

    app.get('/api/payments/payout-account', { config: member }, async (request) => payouts.get(requireActor(request).userId));

    app.post('/api/payments/payout-account', { config: member, schema: { body: payoutSetupSchema } }, async (request) =>
      payouts.setup(requireActor(request).userId, request.body),
    );

    app.post('/api/payments/payout-account/refresh', { config: member }, async (request) => payouts.refresh(requireActor(request).userId));

    // Stripe's refresh_url (a used or expired Account Link): a fresh link for the caller, or back to Earnings.
    app.get('/api/payments/payout-account/onboarding', { config: member }, async (request, reply) => {
      const url = await payouts.freshOnboardingUrl(requireActor(request).userId);
      return reply.redirect(url ?? '/profile?settings=earnings', 303);
    });

    app.post('/api/payments/payout-account/dashboard', { config: member }, async (request) => payouts.dashboard(requireActor(request).userId));

    app.get('/api/payments', { config: member, schema: { querystring: paymentsQuerySchema } }, async (request) =>
      seats.mine(requireActor(request), request.query),
    );

    app.get('/api/payments/mode', { config: { access: 'admin' } }, async (): Promise<PaymentsModeView> => ({ mode: deps.mode }));

    // Limited members need register_paid_events to pay (the route's flag); applicants and visitors are refused.
    app.post(
      '/api/events/:id/checkout',
      { config: { access: { flag: 'register_paid_events' } }, schema: { params: eventIdParamsSchema, body: checkoutSchema } },
      async (request) => seats.checkout(requireActor(request), request.params.id, request.body.guests),
    );

    app.post(
      '/api/events/:id/checkout/confirm',
      { config: approved, schema: { params: eventIdParamsSchema, body: checkoutConfirmSchema } },
      async (request) => seats.confirm(requireActor(request), request.params.id, request.body.sessionId),
    );

    app.post('/api/events/:id/ticket/cancel', { config: approved, schema: { params: eventIdParamsSchema } }, async (request) =>
      seats.cancelTicket(requireActor(request), request.params.id),
    );

    app.get('/api/events/:id/payment', { config: approved, schema: { params: eventIdParamsSchema } }, async (request) =>
      seats.paymentFor(requireActor(request), request.params.id),
    );

    app.get('/api/events/:id/sales', { config: approved, schema: { params: eventIdParamsSchema } }, async (request) =>
      seats.sales(requireActor(request), request.params.id),
    );
  };
