import {
  COUNTRY_CURRENCY,
  PAYMENT_MESSAGES,
  PAYOUT_COUNTRIES,
  type Currency,
  type PayoutAccountView,
  type PayoutCountry,
  type PayoutDashboardResult,
  type PayoutSetupResult,
} from '@bayclub/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.js';
import { presentPayoutAccount, payoutState } from './presenter.js';
import * as repo from './repository.js';
import { stripeRefusal } from './stripe.js';

/** Where Stripe sends the member back: Settings → Earnings refreshes the account from Stripe. */
export const ONBOARDING_RETURN_PATH = '/profile?settings=earnings&payouts=return';
/** An Account Link is single use and short-lived: its refresh_url mints a new one (a signed-in GET). */
export const ONBOARDING_REFRESH_PATH = '/api/payments/payout-account/onboarding';

const stateOf = (a: Stripe.Account, at: Date): repo.StripeAccountState => ({
  chargesEnabled: a.charges_enabled === true,
  payoutsEnabled: a.payouts_enabled === true,
  detailsSubmitted: a.details_submitted === true,
  requirementsDue: a.requirements?.currently_due ?? [],
  at,
});

/**
 * Payout accounts (spec 3, 4, 7; decision 028): a Stripe Connect account per member who sells, created with
 * controller properties (Stripe's Express dashboard; Stripe collects the requirements), never the deprecated
 * `type: 'express'`. A member sees and changes only their own (every method takes the caller's id).
 */
export function createPayoutService(deps: { db: Db; stripe: Stripe; publicUrl: string; log: FastifyBaseLogger }) {
  const { db, stripe } = deps;

  async function onboardingLink(accountId: string): Promise<string> {
    const link = await stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${deps.publicUrl}${ONBOARDING_REFRESH_PATH}`,
      return_url: `${deps.publicUrl}${ONBOARDING_RETURN_PATH}`,
    });
    return link.url;
  }

  return {
    /** Spec 8: no row is "none", never an error. */
    async get(userId: string): Promise<PayoutAccountView> {
      return presentPayoutAccount(await repo.findAccount(db, userId));
    },

    /**
     * Spec 7: email and country → error, isComplete, message, onboardingUrl. The account is created once per
     * member (idempotency key from their id, and the row's key); every call mints a fresh Account Link, since
     * links are single use. Stripe's refusals come back as `error` (the page's 'Setup Failed' toast).
     */
    async setup(userId: string, input: { email: string; country: PayoutCountry }): Promise<PayoutSetupResult> {
      try {
        let row = await repo.findAccount(db, userId);
        if (!row) {
          const account = await stripe.accounts.create(
            {
              country: input.country,
              email: input.email,
              controller: {
                stripe_dashboard: { type: 'express' },
                fees: { payer: 'application' },
                losses: { payments: 'application' },
              },
              capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
              metadata: { bayclub_user_id: userId },
            },
            { idempotencyKey: `payout-account-${userId}` },
          );
          await repo.insertAccount(db, { userId, stripeAccountId: account.id, country: input.country, email: input.email });
          await repo.applyAccountState(db, account.id, stateOf(account, new Date()));
          row = (await repo.findAccount(db, userId))!;
        }
        if (payoutState(row) === 'enabled') return { error: null, isComplete: true, message: PAYMENT_MESSAGES.accountReady, onboardingUrl: null };
        return { error: null, isComplete: false, message: PAYMENT_MESSAGES.continueSetup, onboardingUrl: await onboardingLink(row.stripe_account_id) };
      } catch (err) {
        const refused = stripeRefusal(err);
        if (!refused) deps.log.error({ err }, 'payout setup failed');
        return { error: refused ?? PAYMENT_MESSAGES.setupFailed, isComplete: false, message: '', onboardingUrl: null };
      }
    },

    /** The refresh_url: a new Account Link for the caller's account (null: none yet). */
    async freshOnboardingUrl(userId: string): Promise<string | null> {
      const row = await repo.findAccount(db, userId);
      return row ? onboardingLink(row.stripe_account_id) : null;
    },

    /** Back from onboarding: Stripe's word now, not the browser's (the webhook may still be on its way). */
    async refresh(userId: string): Promise<PayoutAccountView> {
      const row = await repo.findAccount(db, userId);
      if (!row) return presentPayoutAccount(null);
      const askedAt = new Date();
      const account = await stripe.accounts.retrieve(row.stripe_account_id);
      await repo.applyAccountState(db, row.stripe_account_id, stateOf(account, askedAt));
      return presentPayoutAccount(await repo.findAccount(db, userId));
    },

    /** Spec 7: the Express dashboard through a login link (only accounts that finished onboarding have one). */
    async dashboard(userId: string): Promise<PayoutDashboardResult> {
      const row = await repo.findAccount(db, userId);
      if (!row || !row.details_submitted) return { error: PAYMENT_MESSAGES.noDashboard, dashboardUrl: null };
      try {
        const link = await stripe.accounts.createLoginLink(row.stripe_account_id);
        return { error: null, dashboardUrl: link.url };
      } catch (err) {
        const refused = stripeRefusal(err);
        if (!refused) deps.log.error({ err }, 'payout dashboard link failed');
        return { error: refused ?? PAYMENT_MESSAGES.dashboardFailed, dashboardUrl: null };
      }
    },

    /**
     * `account.updated` (Connect webhook): the event only says "look again". Stripe stamps events in whole seconds,
     * so two of one second cannot be ordered; the account is read from Stripe instead (before the webhook's
     * transaction), stamped with when it was asked, and a state asked for later is never overwritten.
     */
    async freshAccount(accountId: string): Promise<{ account: Stripe.Account; askedAt: Date }> {
      const askedAt = new Date();
      return { account: await stripe.accounts.retrieve(accountId), askedAt };
    },

    async applyAccount(tx: Parameters<typeof repo.applyAccountState>[0], fresh: { account: Stripe.Account; askedAt: Date }) {
      await repo.applyAccountState(tx, fresh.account.id, stateOf(fresh.account, fresh.askedAt));
    },

    /** The events module's question: may this member sell seats, and in which currency? */
    async sellerCurrency(userId: string): Promise<Currency | null> {
      const row = await repo.findAccount(db, userId);
      if (!row || payoutState(row) !== 'enabled' || !(PAYOUT_COUNTRIES as readonly string[]).includes(row.country)) return null;
      return COUNTRY_CURRENCY[row.country as PayoutCountry];
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
