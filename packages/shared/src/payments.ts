import { z } from 'zod';
import type { Page } from './applications.js';

/**
 * Money (issue 22, decision 028): payout accounts through Stripe Connect, paid events, the paid waitlist, refunds.
 * Every amount is an integer in the currency's minor unit (cents), with its currency beside it; never a float.
 */

/** Spec 3: payout countries, US the default (spec 9). */
export const PAYOUT_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'FR', 'DE', 'IT', 'ES', 'NL'] as const;
export type PayoutCountry = (typeof PAYOUT_COUNTRIES)[number];
export const DEFAULT_PAYOUT_COUNTRY: PayoutCountry = 'US';

/** The currencies a host can sell in: the one of their payout account's country. All have two decimals. */
export const CURRENCIES = ['usd', 'cad', 'gbp', 'aud', 'eur'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const COUNTRY_CURRENCY: Record<PayoutCountry, Currency> = {
  US: 'usd',
  CA: 'cad',
  GB: 'gbp',
  AU: 'aud',
  FR: 'eur',
  DE: 'eur',
  IT: 'eur',
  ES: 'eur',
  NL: 'eur',
};

/** Spec 4: none (setup form), incomplete (details not submitted), enabled, restricted (submitted, charges or payouts off). */
export const PAYOUT_STATES = ['none', 'incomplete', 'enabled', 'restricted'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export const PAYMENT_LIMITS = {
  /** A seat costs at least 0.50 (Stripe's minimum charge is 0.50 in usd, cad, aud, eur and 0.30 in gbp). */
  priceMin: 50,
  /** At most 10,000.00 a seat. */
  priceMax: 1_000_000,
  /** Refunds until this many hours before the start: 0 (until the start) to 30 days. */
  refundCutoffMaxHours: 720,
  refundCutoffDefaultHours: 24,
  /** The paid waitlist's claim window (hours), host-set; shorter near the event (decision 028). */
  claimWindowMinHours: 1,
  claimWindowMaxHours: 72,
  claimWindowDefaultHours: 12,
  /** A seat is held this long for a member who opened Checkout. */
  holdMinutes: 15,
  /** Platform fee (admin settings): at most 30 % plus at most 100.00 per payment. */
  feePercentMax: 30,
  feeFixedMax: 10_000,
  paymentsPageSize: 20,
} as const;

export const PAYMENT_MESSAGES = {
  // Spec 5 and 8: the payout setup's words.
  notAuthenticated: 'Not authenticated',
  emailRequired: 'An email is required to set up payouts',
  email: 'Enter a valid email address',
  country: 'Choose a payout country',
  setupFailed: 'Failed to setup payments',
  dashboardFailed: 'Failed to open dashboard',
  accountReady: 'Your payout account is ready to receive payments.',
  continueSetup: 'Finish setting up your payout account with Stripe.',
  noDashboard: 'Finish setting up your payout account before opening its dashboard.',
  // Paid events
  price: `A seat costs from 0.50 to 10,000.00`,
  refundCutoff: `Refunds close from 0 to ${PAYMENT_LIMITS.refundCutoffMaxHours} hours before the start`,
  claimWindow: `The claim window is from ${PAYMENT_LIMITS.claimWindowMinHours} to ${PAYMENT_LIMITS.claimWindowMaxHours} hours`,
  sellerNotReady: 'Set up payouts in Settings → Earnings before selling seats',
  priceLocked: 'The price cannot change once members have registered',
  hostCannotSell: 'This event cannot take payments right now. Try again later.',
  notPaidEvent: 'This event is free: RSVP instead',
  paidEventUseCheckout: 'This is a paid event: get a ticket to go',
  paidEventUseCancel: 'This is a paid event: cancel your ticket instead',
  noPaidEventsFlag: 'Your membership does not include paid events yet',
  alreadyGoing: 'You already have a ticket',
  waitlisted: 'You are on the waitlist: we will tell you when a seat is yours to claim',
  nothingToCancel: 'You have no ticket to cancel',
  sessionUnknown: 'This payment is not yours or does not exist',
  stripeUnavailable: 'Payments are unavailable right now. Nothing was charged; try again in a minute.',
  badSignature: 'Invalid webhook signature',
} as const;

/** Settings → Earnings: the member's payout account (spec 4; state 'none' when there is no row, never an error). */
export interface PayoutAccountView {
  state: PayoutState;
  country: PayoutCountry | null;
  currency: Currency | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** What Stripe still needs, in plain words (restricted and incomplete accounts). */
  requirementsDue: string[];
}

/** Spec 7: payout setup's payload (email and country). */
export const payoutSetupSchema = z.object({
  email: z
    .string({ error: PAYMENT_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: PAYMENT_MESSAGES.emailRequired })
    .max(254, { error: PAYMENT_MESSAGES.email })
    .pipe(z.email({ error: PAYMENT_MESSAGES.email })),
  country: z.enum(PAYOUT_COUNTRIES, { error: PAYMENT_MESSAGES.country }).optional().default(DEFAULT_PAYOUT_COUNTRY),
});
export type PayoutSetupInput = z.input<typeof payoutSetupSchema>;

/** Spec 7: the payout setup function's response. */
export interface PayoutSetupResult {
  error: string | null;
  isComplete: boolean;
  message: string;
  /** Opened in a new tab; the status is refetched 3000 ms later (spec 9). */
  onboardingUrl: string | null;
}

/** Spec 7: the payout dashboard function's response. */
export interface PayoutDashboardResult {
  error: string | null;
  dashboardUrl: string | null;
}

/** An event's paid terms (null: free). */
export interface EventPriceView {
  /** Per seat (guests pay the same), minor units. */
  amount: number;
  currency: Currency;
  /** Refunds in full until this many hours before the start; after it, a seat can be given back for resale. */
  refundCutoffHours: number;
  claimWindowHours: number;
  /** The instant refunds close (start minus the cut-off). */
  refundsUntil: string;
}

const intIn = (min: number, max: number, error: string) => z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/** The paid terms in the event form (create and edit); the currency is the host's payout account's. */
export const eventPriceFields = {
  priceAmount: intIn(PAYMENT_LIMITS.priceMin, PAYMENT_LIMITS.priceMax, PAYMENT_MESSAGES.price).nullable(),
  refundCutoffHours: intIn(0, PAYMENT_LIMITS.refundCutoffMaxHours, PAYMENT_MESSAGES.refundCutoff),
  claimWindowHours: intIn(PAYMENT_LIMITS.claimWindowMinHours, PAYMENT_LIMITS.claimWindowMaxHours, PAYMENT_MESSAGES.claimWindow),
};

/** POST /api/events/:id/checkout: a paid RSVP (the party's size; guests pay the same). */
export const checkoutSchema = z.object({
  guests: z.number({ error: 'Guests must be a whole number' }).int({ error: 'Guests must be a whole number' }).min(0).max(10).optional().default(0),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** POST /api/events/:id/checkout/confirm: back from Checkout (success_url carries the session id). */
export const checkoutConfirmSchema = z.object({
  sessionId: z.string({ error: PAYMENT_MESSAGES.sessionUnknown }).regex(/^cs_[A-Za-z0-9_]{1,200}$/, { error: PAYMENT_MESSAGES.sessionUnknown }),
});

export const PAYMENT_STATUSES = ['open', 'paid', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** on_resale: given back after the cut-off, refunded when someone else buys the seats. */
export const REFUND_STATES = ['on_resale', 'pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_REASONS = ['cancelled_in_time', 'resold', 'event_cancelled', 'hold_ended'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  cancelled_in_time: 'You cancelled before the refund cut-off',
  resold: 'Your seats were bought by another member',
  event_cancelled: 'The host cancelled the event',
  hold_ended: 'The payment arrived after your seats were released',
};

export interface RefundView {
  state: RefundState;
  /** Minor units; the payment's currency. */
  amount: number;
  reason: RefundReason;
  at: string | null;
}

/** A member's payment (Settings → Memberships, the event page). */
export interface PaymentView {
  id: string;
  event: { id: string; title: string; startsAt: string };
  seats: number;
  amount: number;
  currency: Currency;
  status: PaymentStatus;
  refund: RefundView | null;
  createdAt: string;
  paidAt: string | null;
}
export type PaymentsPage = Page<PaymentView>;

export const paymentsQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/** The paid RSVP's answer: Checkout to open, the waitlist joined, or already going. */
export interface CheckoutResult {
  outcome: 'checkout' | 'waitlisted';
  /** Stripe's hosted page (the local double's without keys); null when waitlisted. */
  checkoutUrl: string | null;
}

/** POST /api/events/:id/ticket/cancel: refunded now, given back for resale, or a hold or offer released. */
export interface CancelTicketResult {
  refund: 'refunded' | 'on_resale' | 'none';
}

/** The host's money per event (GET /api/events/:id/sales). fees: the club's application fees. */
export interface EventSalesView {
  currency: Currency;
  seatsSold: number;
  gross: number;
  fees: number;
  refunds: number;
  net: number;
  /** Seats given back after the cut-off and not yet resold. */
  seatsOnResale: number;
}

/** Admins: local (the double), test or live Stripe keys. */
export interface PaymentsModeView {
  mode: 'local' | 'test' | 'live';
}

/** "$25.00", "€12.50": minor units in their currency, written as `locale` writes money (the reader's Intl locale). */
export function formatMoney(amount: number, currency: Currency | string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}
