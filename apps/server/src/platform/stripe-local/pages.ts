// The hosted pages (onboarding, Checkout, the Express dashboard), served by the app itself under /stripe-local/:
// what a person sees on Stripe, reduced to the choices a test needs. A link's token (or the session id) is the
// only credential, as Stripe's URLs are.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { applyOnboarding, type OnboardingOutcome } from './accounts.js';
import { paySession } from './checkout.js';
import { parseFormBody } from './form-body.js';
import { checkoutPage, dashboardPage, messagePage, onboardingPage } from './html.js';
import { own, type Ctx } from './store.js';

/** A form post is a few short fields. */
const FORM_BODY_LIMIT = 16 * 1024;
const OUTCOMES: readonly OnboardingOutcome[] = ['complete', 'incomplete', 'restricted'];

export interface PagesDeps {
  ctx: Ctx;
  /** Save the state after a change. */
  save: () => void;
  /** Expire sessions past their time (saved when any did). */
  sweep: () => void;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  // Payment state changes under the page: never from a cache.
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** A form field, whatever the body turned out to be (a form, JSON, nothing). */
function field(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object' || !Object.hasOwn(body, name)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export function stripeLocalPages({ ctx, save, sweep }: PagesDeps): FastifyPluginAsync {
  return async (app) => {
    // This plugin's routes only (it is not wrapped with fastify-plugin): the forms post urlencoded.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, parseFormBody(body as string));
      } catch {
        // A body no form of ours sends: no fields, so the page answers "choose one".
        done(null, {});
      }
    });
    const config = { access: 'public' as const };
    // The forms post from pages sent with Referrer-Policy: no-referrer, so the browser's Origin is "null": the token
    // or session id in the address is the credential, as on Stripe's own pages (and our unsubscribe form).
    const postConfig = { access: 'public' as const, anyOrigin: true as const };
    const linkGone = messagePage('Link not valid', 'This link is not valid. Go back to Bay Club and start again.');

    app.get<{ Params: { token: string } }>('/stripe-local/onboarding/:token', { config }, async (request, reply) => {
      const link = own(ctx.state.accountLinks, request.params.token);
      if (!link) return html(reply, 404, linkGone);
      // Single use and short-lived, as Stripe's: a used or expired link sends the person to refresh_url for a new one.
      if (link.state !== 'new' || link.expires_at <= ctx.nowSeconds()) return reply.redirect(link.refresh_url, 302);
      link.state = 'opened';
      save();
      return html(reply, 200, onboardingPage(ctx.state.accounts[link.account]!));
    });

    app.post<{ Params: { token: string } }>('/stripe-local/onboarding/:token', { config: postConfig }, async (request, reply) => {
      const link = own(ctx.state.accountLinks, request.params.token);
      if (!link) return html(reply, 404, linkGone);
      if (link.state === 'done' || (link.state === 'new' && link.expires_at <= ctx.nowSeconds())) return reply.redirect(link.refresh_url, 303);
      const outcome = field(request.body, 'outcome') as OnboardingOutcome | undefined;
      const account = ctx.state.accounts[link.account]!;
      if (!outcome || !OUTCOMES.includes(outcome)) return html(reply, 400, onboardingPage(account, 'Choose one of the three ways to end onboarding.'));
      link.state = 'done';
      applyOnboarding(ctx, link.account, outcome);
      save();
      return reply.redirect(link.return_url, 303);
    });

    app.get<{ Params: { sessionId: string } }>('/stripe-local/checkout/:sessionId', { config }, async (request, reply) => {
      sweep();
      const record = own(ctx.state.sessions, request.params.sessionId);
      if (!record) return html(reply, 404, messagePage('Checkout not found', 'This checkout does not exist. Go back to Bay Club and start again.'));
      const successUrl = record.session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', record.session.id);
      return html(reply, 200, checkoutPage(record, { successUrl }));
    });

    app.post<{ Params: { sessionId: string } }>('/stripe-local/checkout/:sessionId', { config: postConfig }, async (request, reply) => {
      sweep();
      const record = own(ctx.state.sessions, request.params.sessionId);
      if (!record) return html(reply, 404, messagePage('Checkout not found', 'This checkout does not exist. Go back to Bay Club and start again.'));
      const successUrl = record.session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', record.session.id);
      const action = field(request.body, 'action');
      if (record.session.status !== 'open') return html(reply, 409, checkoutPage(record, { successUrl }));
      if (action !== 'pay' && action !== 'decline') return html(reply, 400, checkoutPage(record, { alert: 'Choose Pay or Use a declined card.' }));
      const email = field(request.body, 'email')?.trim();
      if (!record.session.customer_email && !email) return html(reply, 400, checkoutPage(record, { alert: 'Enter your email.' }));
      const result = paySession(ctx, record.session.id, { decline: action === 'decline', email });
      if (!result.ok) return html(reply, 402, checkoutPage(record, { alert: result.message }));
      save();
      return reply.redirect(successUrl, 303);
    });

    app.get<{ Params: { token: string } }>('/stripe-local/dashboard/:token', { config }, async (request, reply) => {
      const link = own(ctx.state.loginLinks, request.params.token);
      if (!link) return html(reply, 404, linkGone);
      const account = ctx.state.accounts[link.account]!;
      const payments = Object.values(ctx.state.charges)
        .filter((c) => c.destination === account.id)
        .sort((a, b) => b.created - a.created)
        .map((charge) => {
          const fee = charge.application_fee ? ctx.state.applicationFees[charge.application_fee] : undefined;
          const transfer = charge.transfer ? ctx.state.transfers[charge.transfer] : undefined;
          return { charge, fee: fee?.amount ?? 0, net: transfer ? transfer.amount - transfer.amount_reversed : 0 };
        });
      return html(reply, 200, dashboardPage(account, payments));
    });
  };
}
