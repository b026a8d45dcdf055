import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { eventPayments, events, payoutAccounts, stripeEvents } from '../../db/schema/index.js';
import { exactInstant, type TimeCursor } from '../../platform/cursor.js';
import { columnOf, columnsOf, count, leftJoined, rowsOf } from '../../platform/sql.js';

// ---- Payout accounts -------------------------------------------------------------------------------------------

const accountRow = z.object(
  columnsOf(payoutAccounts, 'user_id', 'stripe_account_id', 'country', 'email', 'charges_enabled', 'payouts_enabled', 'details_submitted', 'requirements_due', 'state_at'),
);
export type PayoutAccountRow = z.output<typeof accountRow>;

export async function findAccount(db: DbOrTx, userId: string): Promise<PayoutAccountRow | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select user_id, stripe_account_id, country, email, charges_enabled, payouts_enabled, details_submitted,
        requirements_due, state_at
      from ${payoutAccounts} where user_id = ${userId}::uuid`),
    accountRow,
  );
  return row ?? null;
}

/** The member's account, created once: a second insert for the same member keeps the first (same Stripe account). */
export async function insertAccount(db: DbOrTx, a: { userId: string; stripeAccountId: string; country: string; email: string }) {
  await db.execute(sql`
    insert into ${payoutAccounts} (user_id, stripe_account_id, country, email, state_at)
    values (${a.userId}::uuid, ${a.stripeAccountId}, ${a.country}, ${a.email}, to_timestamp(0))
    on conflict (user_id) do nothing`);
}

export interface StripeAccountState {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirementsDue: string[];
  /** When Stripe said so (an event's created time, or now for a retrieve). */
  at: Date;
}

/** Stripe's word on an account, unless a newer word is already stored (webhooks arrive in any order). */
export async function applyAccountState(db: DbOrTx, stripeAccountId: string, s: StripeAccountState): Promise<void> {
  await db.execute(sql`
    update ${payoutAccounts} set charges_enabled = ${s.chargesEnabled}, payouts_enabled = ${s.payoutsEnabled},
      details_submitted = ${s.detailsSubmitted}, requirements_due = ${JSON.stringify(s.requirementsDue)}::jsonb,
      state_at = ${s.at.toISOString()}::timestamptz, updated_at = now()
    where stripe_account_id = ${stripeAccountId} and state_at <= ${s.at.toISOString()}::timestamptz`);
}

// ---- Payments --------------------------------------------------------------------------------------------------

const paymentRow = z.object(
  columnsOf(eventPayments, 'id', 'registration_id', 'event_id', 'user_id', 'destination_account_id', 'seats', 'amount', 'application_fee', 'currency', 'status', 'checkout_session_id', 'checkout_url', 'payment_intent_id', 'expires_at', 'refund_state', 'refund_reason', 'refund_id', 'refund_amount'),
);
export type PaymentRow = z.output<typeof paymentRow>;
const paymentColumns = sql`id, registration_id, event_id, user_id, destination_account_id, seats, amount, application_fee, currency,
  status, checkout_session_id, checkout_url, payment_intent_id, expires_at, refund_state, refund_reason, refund_id, refund_amount`;

export async function insertPayment(
  tx: DbOrTx,
  p: { registrationId: string; eventId: string; userId: string; destination: string; seats: number; amount: number; fee: number; currency: string; expiresAt: Date },
): Promise<string> {
  const [row] = rowsOf(
    await tx.execute(sql`
      insert into ${eventPayments} (registration_id, event_id, user_id, destination_account_id, seats, amount, application_fee, currency, expires_at)
      values (${p.registrationId}::uuid, ${p.eventId}::uuid, ${p.userId}::uuid, ${p.destination}, ${p.seats}, ${p.amount}, ${p.fee},
        ${p.currency}, ${p.expiresAt.toISOString()}::timestamptz)
      returning id`),
    z.object({ id: z.string() }),
  );
  return row!.id;
}

export async function paymentById(tx: DbOrTx, id: string, opts: { lock: boolean }): Promise<PaymentRow | null> {
  const [row] = rowsOf(
    await tx.execute(sql`select ${paymentColumns} from ${eventPayments} where id = ${id}::uuid ${opts.lock ? sql`for update` : sql``}`),
    paymentRow,
  );
  return row ?? null;
}

export async function paymentBySession(tx: DbOrTx, sessionId: string): Promise<PaymentRow | null> {
  const [row] = rowsOf(await tx.execute(sql`select ${paymentColumns} from ${eventPayments} where checkout_session_id = ${sessionId}`), paymentRow);
  return row ?? null;
}

export async function paymentByRefund(tx: DbOrTx, refundId: string): Promise<PaymentRow | null> {
  const [row] = rowsOf(await tx.execute(sql`select ${paymentColumns} from ${eventPayments} where refund_id = ${refundId}`), paymentRow);
  return row ?? null;
}

/** A registration's open payment (Checkout under way), newest first. */
export async function openPaymentOf(tx: DbOrTx, registrationId: string): Promise<PaymentRow | null> {
  const [row] = rowsOf(
    await tx.execute(sql`
      select ${paymentColumns} from ${eventPayments}
      where registration_id = ${registrationId}::uuid and status = 'open'
      order by created_at desc limit 1`),
    paymentRow,
  );
  return row ?? null;
}

/** The payment that bought a registration's current seats: paid and not refunded or given back. */
export async function paidPaymentOf(tx: DbOrTx, registrationId: string): Promise<PaymentRow | null> {
  const [row] = rowsOf(
    await tx.execute(sql`
      select ${paymentColumns} from ${eventPayments}
      where registration_id = ${registrationId}::uuid and status = 'paid' and refund_state is null
      order by created_at desc limit 1`),
    paymentRow,
  );
  return row ?? null;
}

export async function setSession(db: DbOrTx, id: string, session: { id: string; url: string | null }) {
  await db.execute(sql`
    update ${eventPayments} set checkout_session_id = ${session.id}, checkout_url = ${session.url}, updated_at = now()
    where id = ${id}::uuid`);
}

export async function markPaid(tx: DbOrTx, id: string, paymentIntentId: string | null) {
  await tx.execute(sql`
    update ${eventPayments} set status = 'paid', payment_intent_id = ${paymentIntentId}, paid_at = now(), checkout_url = null,
      updated_at = now()
    where id = ${id}::uuid`);
}

export async function markExpired(tx: DbOrTx, id: string) {
  await tx.execute(sql`
    update ${eventPayments} set status = 'expired', checkout_url = null, updated_at = now()
    where id = ${id}::uuid and status = 'open'`);
}

/** Touch an open payment the sweep looked at, so it is looked at again later rather than every minute. */
export async function touch(db: DbOrTx, id: string) {
  await db.execute(sql`update ${eventPayments} set updated_at = now() where id = ${id}::uuid`);
}

export type RefundReason = NonNullable<PaymentRow['refund_reason']>;

/** Ask for a full refund (sent to Stripe after the commit; the sweep sends what was left). Only once per payment. */
export async function requestRefund(tx: DbOrTx, id: string, reason: RefundReason): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`
      update ${eventPayments} set refund_state = 'requested', refund_reason = ${reason}, refund_amount = amount,
        refund_requested_at = now(), updated_at = now()
      where id = ${id}::uuid and status = 'paid' and (refund_state is null or refund_state = 'on_resale')
      returning id`),
    z.object({ id: z.string() }),
  );
  return rows.length > 0;
}

export async function markOnResale(tx: DbOrTx, id: string) {
  await tx.execute(sql`
    update ${eventPayments} set refund_state = 'on_resale', refund_requested_at = clock_timestamp(), updated_at = now()
    where id = ${id}::uuid and status = 'paid' and refund_state is null`);
}

/** Seats given back after the cut-off, first given back first (event_payments_resale_idx). */
export async function resaleQueue(tx: DbOrTx, eventId: string): Promise<Array<{ id: string; seats: number }>> {
  return rowsOf(
    await tx.execute(sql`
      select id, seats from ${eventPayments}
      where event_id = ${eventId}::uuid and refund_state = 'on_resale'
      order by refund_requested_at, id`),
    z.object({ id: z.string(), seats: z.number().int() }),
  );
}

/** Every payment of an event still holding money (paid, not refunded; given back ones too). */
export async function refundableOfEvent(tx: DbOrTx, eventId: string): Promise<string[]> {
  const rows = rowsOf(
    await tx.execute(sql`
      select id from ${eventPayments}
      where event_id = ${eventId}::uuid and status = 'paid' and (refund_state is null or refund_state = 'on_resale')`),
    z.object({ id: z.string() }),
  );
  return rows.map((r) => r.id);
}

/** Open Checkouts of an event (cancelled: expired at Stripe, so nobody pays for it). */
export async function openOfEvent(tx: DbOrTx, eventId: string): Promise<PaymentRow[]> {
  return rowsOf(
    await tx.execute(sql`select ${paymentColumns} from ${eventPayments} where event_id = ${eventId}::uuid and status = 'open'`),
    paymentRow,
  );
}

export async function setRefund(db: DbOrTx, id: string, r: { refundId: string; state: 'pending' | 'succeeded' | 'failed' }) {
  await db.execute(sql`
    update ${eventPayments} set refund_id = ${r.refundId}, refund_state = ${r.state},
      refunded_at = case when ${r.state} = 'succeeded' then coalesce(refunded_at, now()) else refunded_at end, updated_at = now()
    where id = ${id}::uuid and refund_state in ('requested', 'pending', 'failed')`);
}

/** Refunds to send to Stripe (requested) or to ask about (pending for a while): the sweep. */
export async function refundsToSettle(db: DbOrTx, limit: number): Promise<PaymentRow[]> {
  return rowsOf(
    await db.execute(sql`
      select ${paymentColumns} from ${eventPayments}
      where refund_state in ('requested', 'pending') and updated_at < now() - interval '1 minute'
      order by updated_at limit ${limit}`),
    paymentRow,
  );
}

/** Checkouts we have not heard of for a while: the reconciliation asks Stripe how they ended. */
export async function staleOpenPayments(db: DbOrTx, limit: number): Promise<PaymentRow[]> {
  return rowsOf(
    await db.execute(sql`
      select ${paymentColumns} from ${eventPayments}
      where status = 'open' and updated_at < now() - interval '2 minutes'
      order by updated_at limit ${limit}`),
    paymentRow,
  );
}

/** Paid payments of cancelled events not refunded yet (the cancel's refunds, retried by the sweep). */
export async function cancelledEventsToRefund(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select distinct p.event_id from ${eventPayments} p join ${events} e on e.id = p.event_id
      where e.status = 'cancelled' and p.status = 'paid' and (p.refund_state is null or p.refund_state = 'on_resale')
      limit ${limit}`),
    z.object({ event_id: z.string() }),
  );
  return rows.map((r) => r.event_id);
}

// ---- What members and hosts read ---------------------------------------------------------------------------------

const paymentViewRow = z.object({
  ...columnsOf(eventPayments, 'id', 'seats', 'amount', 'currency', 'status', 'refund_state', 'refund_reason', 'refund_amount', 'refunded_at', 'refund_requested_at', 'created_at', 'paid_at'),
  ...leftJoined({ event_id: columnOf(events, 'id'), event_title: columnOf(events, 'title'), event_starts_at: columnOf(events, 'starts_at') }),
  cursor_at: z.string(),
});
export type PaymentViewRow = z.output<typeof paymentViewRow>;

const viewColumns = sql`p.id, p.seats, p.amount, p.currency, p.status, p.refund_state, p.refund_reason, p.refund_amount, p.refunded_at,
  p.refund_requested_at, p.created_at, p.paid_at, e.id as event_id, e.title as event_title, e.starts_at as event_starts_at,
  ${exactInstant(sql`p.created_at`)} as cursor_at`;

/** A member's payments, newest first (keyset created_at, id; event_payments_user_idx). One statement. */
export async function paymentsOf(db: DbOrTx, userId: string, cursor: TimeCursor | null, limit: number): Promise<PaymentViewRow[]> {
  return rowsOf(
    await db.execute(sql`
      select ${viewColumns}
      from ${eventPayments} p left join ${events} e on e.id = p.event_id
      where p.user_id = ${userId}::uuid
        ${cursor ? sql`and (p.created_at, p.id) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)` : sql``}
      order by p.created_at desc, p.id desc
      limit ${limit + 1}`),
    paymentViewRow,
  );
}

/** The member's latest payment for an event (the event page's payment line). */
export async function latestPaymentFor(db: DbOrTx, userId: string, eventId: string): Promise<PaymentViewRow | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select ${viewColumns}
      from ${eventPayments} p left join ${events} e on e.id = p.event_id
      where p.user_id = ${userId}::uuid and p.event_id = ${eventId}::uuid and p.status <> 'expired'
      order by p.created_at desc, p.id desc limit 1`),
    paymentViewRow,
  );
  return row ?? null;
}

const salesRow = z.object({
  currency: z.string().nullable(),
  seats_sold: count(),
  gross: count(),
  fees: count(),
  refunds: count(),
  seats_on_resale: count(),
});

/** The host's money for one event, in one statement over event_payments_event_idx. */
export async function salesOf(db: DbOrTx, eventId: string) {
  const [row] = rowsOf(
    await db.execute(sql`
      select max(currency) as currency,
        coalesce(sum(seats) filter (where refund_state is null), 0) as seats_sold,
        coalesce(sum(amount), 0) as gross,
        coalesce(sum(application_fee) filter (where refund_state is null or refund_state in ('on_resale', 'failed')), 0) as fees,
        coalesce(sum(refund_amount) filter (where refund_state in ('requested', 'pending', 'succeeded')), 0) as refunds,
        coalesce(sum(seats) filter (where refund_state = 'on_resale'), 0) as seats_on_resale
      from ${eventPayments} where event_id = ${eventId}::uuid and status = 'paid'`),
    salesRow,
  );
  return row!;
}

// ---- Webhook events ----------------------------------------------------------------------------------------------

/** Record a Stripe event as handled (in the transaction that handles it): false when it was handled already. */
export async function claimStripeEvent(tx: DbOrTx, id: string, type: string): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`insert into ${stripeEvents} (id, type) values (${id}, ${type}) on conflict (id) do nothing returning id`),
    z.object({ id: z.string() }),
  );
  return rows.length > 0;
}

/** Handled ids are kept 30 days: Stripe retries an event for 3 days at most. */
export async function pruneStripeEvents(db: DbOrTx) {
  await db.execute(sql`delete from ${stripeEvents} where received_at < now() - interval '30 days'`);
}
