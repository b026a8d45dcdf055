import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { eventRegistrations, events } from './events.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A member's Stripe Connect account (spec 3 "payout account"; issue 22, decision 028). The state is Stripe's, copied
 * from `account.updated` webhooks and from a fresh retrieve when the member comes back from onboarding; the
 * browser never sets it. `state_at` is when Stripe said it, so an older webhook arriving late changes nothing.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeAccountId: text('stripe_account_id').notNull().unique(),
    country: text('country').notNull(),
    email: text('email').notNull(),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    /** Stripe's requirements.currently_due (field paths); the presenter turns them into plain words. */
    requirementsDue: jsonb('requirements_due').$type<string[]>().notNull().default([]),
    stateAt: ts('state_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
);

/**
 * One attempt to pay for a registration's seats through Stripe Checkout (a destination charge to the host's
 * connected account, the club's fee as the application fee). Amounts are integers in the currency's minor unit.
 * The row is written before Stripe is called: its id is the idempotency key of every Stripe call made for it, so a
 * retried request never charges twice. Money rows outlive the member, the event and the registration (set null).
 *
 * status: open (Checkout under way) → paid | expired. refund_state: null; on_resale (given back after the cut-off,
 * refunded when someone else buys seats); requested (to be sent to Stripe); pending; succeeded; failed.
 */
export const eventPayments = pgTable(
  'event_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id').references(() => eventRegistrations.id, { onDelete: 'set null' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The host's connected account the money goes to (kept as Stripe's id: the host may leave the club). */
    destinationAccountId: text('destination_account_id').notNull(),
    seats: integer('seats').notNull(),
    amount: integer('amount').notNull(),
    applicationFee: integer('application_fee').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['open', 'paid', 'expired'] }).notNull().default('open'),
    checkoutSessionId: text('checkout_session_id').unique(),
    checkoutUrl: text('checkout_url'),
    paymentIntentId: text('payment_intent_id'),
    /** The hold this payment pays for ends then (Checkout itself lives at least 30 minutes; the sweep expires it). */
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    refundState: text('refund_state', { enum: ['on_resale', 'requested', 'pending', 'succeeded', 'failed'] }),
    refundReason: text('refund_reason', { enum: ['cancelled_in_time', 'resold', 'event_cancelled', 'hold_ended'] }),
    refundId: text('refund_id'),
    refundAmount: integer('refund_amount'),
    /** When the seats were given back (on_resale: first given back, first refunded) or the refund was asked for. */
    refundRequestedAt: ts('refund_requested_at'),
    refundedAt: ts('refunded_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Settings → Memberships: a member's payments, newest first (keyset created_at, id).
    index('event_payments_user_idx').on(t.userId, t.createdAt, t.id),
    // A registration's latest payment (the event page, checkout, cancel).
    index('event_payments_registration_idx').on(t.registrationId, t.createdAt),
    // The host's sales per event, the refunds of a cancelled event.
    index('event_payments_event_idx').on(t.eventId, t.status),
    // Resale refunds, first given back first refunded.
    index('event_payments_resale_idx').on(t.eventId, t.refundRequestedAt).where(sql`${t.refundState} = 'on_resale'`),
    // The sweep: Checkouts never heard of again, refunds to send or to check.
    index('event_payments_open_idx').on(t.updatedAt).where(sql`${t.status} = 'open'`),
    index('event_payments_refunds_idx').on(t.updatedAt).where(sql`${t.refundState} in ('requested', 'pending')`),
    check('event_payments_amounts', sql`${t.seats} >= 1 AND ${t.amount} > 0 AND ${t.applicationFee} BETWEEN 0 AND ${t.amount}`),
  ],
);

/** Stripe event ids already handled: a webhook delivered twice (or retried) is applied once. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [index('stripe_events_received_idx').on(t.receivedAt)],
);
