import {
  PAYMENT_LIMITS,
  platformFee,
  type CancelTicketResult,
  type CheckoutResult,
  type EventSalesView,
  type Currency,
  type PaymentView,
  type Page,
  type RsvpResult,
} from '@bayclub/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db, DbOrTx } from '../../db/client.js';
import type { SettingsStore } from '../../app-context.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { decodeCursor, encodeCursor, isTimeCursor } from '../../platform/cursor.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Actor } from '../access/index.js';
import { paidSeats } from '../events/index.js';
import type { Notifier } from '../notifications/index.js';
import { PAYMENTS_ERRORS as M } from './messages.js';
import { payoutState, presentPayment } from './presenter.js';
import * as repo from './repository.js';
import { stripeRefusal } from './stripe.js';

export interface SeatPaymentsDeps {
  db: Db;
  stripe: Stripe;
  publicUrl: string;
  log: FastifyBaseLogger;
  notifier: Notifier;
  settings: SettingsStore;
}

/** Money left to do after a commit: refunds to send to Stripe, Checkouts to expire there. */
interface StripeFollowUps {
  refunds: string[];
  expire: string[];
}
const followUps = (): StripeFollowUps => ({ refunds: [], expire: [] });

const refundStateOf = (status: string | null): 'pending' | 'succeeded' | 'failed' =>
  status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

const paymentIntentOf = (s: Stripe.Checkout.Session) => (typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null));

/** Checkout lives at least 30 minutes and at most 24 hours (Stripe's rule); a shorter hold is ended by the sweep. */
function checkoutExpiry(holdEnds: Date): number {
  const now = Date.now();
  const at = Math.min(Math.max(holdEnds.getTime(), now + 31 * 60_000), now + 23 * 3_600_000);
  return Math.floor(at / 1000);
}

/**
 * Paid seats (issue 22, decision 028): Checkout for a held seat, its completion and expiry (webhooks, the return
 * from Checkout, the reconciliation sweep: all the same code, each applied once), refunds, and the host's sales.
 * Seats change only through the events module's face (paidSeats), under the event's lock; a payment row is
 * written before Stripe is called, and its id is the idempotency key of every Stripe call made for it.
 */
export function createSeatPayments(deps: SeatPaymentsDeps) {
  const { db, stripe, log } = deps;
  const promotion = { notifier: deps.notifier };

  // ---- After the commit: Stripe calls -------------------------------------------------------------------------

  /** Send a requested refund (full, the club's fee too, the transfer reversed from the host). */
  async function sendRefund(paymentId: string): Promise<void> {
    const p = await repo.paymentById(db, paymentId, { lock: false });
    if (!p || p.refund_state !== 'requested' || !p.payment_intent_id) return;
    try {
      const refund = await stripe.refunds.create(
        { payment_intent: p.payment_intent_id, refund_application_fee: true, reverse_transfer: true, metadata: { bayclub_payment_id: p.id } },
        { idempotencyKey: `refund-${p.id}` },
      );
      await repo.setRefund(db, p.id, { refundId: refund.id, state: refundStateOf(refund.status) });
    } catch (err) {
      // Left requested: the sweep tries again (the same idempotency key, so never two refunds).
      log.warn({ err, paymentId }, 'refund not sent; the payments sweep retries it');
    }
  }

  /** Expire a Checkout at Stripe; when it completed meanwhile, the completed session (to apply). */
  async function expireSession(sessionId: string): Promise<Stripe.Checkout.Session | null> {
    try {
      await stripe.checkout.sessions.expire(sessionId);
      return null;
    } catch (err) {
      if (!stripeRefusal(err)) throw err;
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return session.status === 'complete' ? session : null;
    }
  }

  async function runFollowUps(f: StripeFollowUps) {
    for (const sessionId of f.expire) {
      try {
        const completed = await expireSession(sessionId);
        if (completed) await completed_(completed);
      } catch (err) {
        log.warn({ err, sessionId }, 'checkout not expired; the payments sweep retries it');
      }
    }
    for (const id of f.refunds) await sendRefund(id);
  }

  // ---- In a transaction: what Stripe told us -------------------------------------------------------------------

  async function paymentOfSession(tx: DbOrTx, session: Stripe.Checkout.Session) {
    const id = session.metadata?.bayclub_payment_id;
    return id ? repo.paymentById(tx, id, { lock: false }) : repo.paymentBySession(tx, session.id);
  }

  /** Seats given back after the cut-off are refunded, first given back first, as new buyers pay for as many. */
  async function resaleRefunds(tx: DbOrTx, eventId: string, seatsSold: number, f: StripeFollowUps) {
    let left = seatsSold;
    for (const queued of await repo.resaleQueue(tx, eventId)) {
      if (queued.seats > left) continue;
      if (await repo.requestRefund(tx, queued.id, 'resold')) f.refunds.push(queued.id);
      left -= queued.seats;
      if (left === 0) break;
    }
  }

  /**
   * A Checkout completed (webhook, return page, reconciliation): the held seats are the member's, going with a
   * ticket. Paid after the seats were released: seated again when they still fit, else refunded in full, so
   * nobody pays for a seat that is not theirs and no seat is sold twice.
   */
  async function applyCompleted(tx: DbOrTx, after: AfterCommit, session: Stripe.Checkout.Session, f: StripeFollowUps) {
    if (session.payment_status !== 'paid') return;
    const found = await paymentOfSession(tx, session);
    if (!found || found.status === 'paid') return;
    // The event's lock first, as every change of seats takes it, then the payment's.
    const event = found.event_id ? await paidSeats.lockPaidEvent(tx, found.event_id) : null;
    const p = await repo.paymentById(tx, found.id, { lock: true });
    if (!p || p.status === 'paid') return;
    if (!p.checkout_session_id) await repo.setSession(tx, p.id, { id: session.id, url: null });
    await repo.markPaid(tx, p.id, paymentIntentOf(session));
    let seated = false;
    if (event?.status === 'scheduled' && p.registration_id) {
      if (p.status === 'open') seated = await paidSeats.confirmSeats(tx, p.registration_id);
      if (!seated) seated = await paidSeats.seatAgain(tx, event, p.registration_id, p.seats);
    }
    if (!seated) {
      if (await repo.requestRefund(tx, p.id, event?.status === 'cancelled' ? 'event_cancelled' : 'hold_ended')) f.refunds.push(p.id);
    } else if (event) {
      await resaleRefunds(tx, event.id, p.seats, f);
    }
    void after;
  }

  /** A Checkout expired or was abandoned: a checkout hold's seats go back (a claim keeps its window to try again). */
  async function applyExpired(tx: DbOrTx, after: AfterCommit, session: Stripe.Checkout.Session) {
    const found = await paymentOfSession(tx, session);
    if (!found || found.status !== 'open') return;
    if (found.event_id) await paidSeats.lockPaidEvent(tx, found.event_id);
    const p = await repo.paymentById(tx, found.id, { lock: true });
    if (!p || p.status !== 'open') return;
    await repo.markExpired(tx, p.id);
    const reg = p.registration_id ? await paidSeats.registrationById(tx, p.registration_id) : null;
    if (reg?.status === 'awaiting_payment' && reg.hold_kind === 'checkout') await paidSeats.releaseSeats(tx, after, promotion, reg.id);
  }

  async function applyRefund(tx: DbOrTx, refund: Stripe.Refund) {
    const id = refund.metadata?.bayclub_payment_id;
    const p = id ? await repo.paymentById(tx, id, { lock: true }) : await repo.paymentByRefund(tx, refund.id);
    if (p) await repo.setRefund(tx, p.id, { refundId: refund.id, state: refundStateOf(refund.status) });
  }

  /** Apply a completed session in its own transaction, then its follow-ups. */
  async function completed_(session: Stripe.Checkout.Session) {
    const after = new AfterCommit();
    const f = followUps();
    await db.transaction((tx) => applyCompleted(tx, after, session, f));
    after.run();
    for (const id of f.refunds) await sendRefund(id);
  }

  /** Every payment of a cancelled event is refunded; Checkouts under way are expired at Stripe. */
  async function refundEvent(eventId: string) {
    const after = new AfterCommit();
    const f = followUps();
    await db.transaction(async (tx) => {
      await paidSeats.lockPaidEvent(tx, eventId);
      for (const id of await repo.refundableOfEvent(tx, eventId)) if (await repo.requestRefund(tx, id, 'event_cancelled')) f.refunds.push(id);
      for (const open of await repo.openOfEvent(tx, eventId)) if (open.checkout_session_id) f.expire.push(open.checkout_session_id);
    });
    after.run();
    await runFollowUps(f);
  }

  /** The caller's payment for a held registration: a new row (its id keys the Stripe call) or the open one. */
  return {
    applyCompleted,
    applyExpired,
    applyRefund,
    runFollowUps,
    refundEvent,

    /**
     * The paid RSVP: hold the party's seats (15 minutes) or join the waitlist, then open Checkout. The seats are
     * decided under the event's lock, so of two members paying for the last seat one gets Checkout and the other
     * the waitlist. Opening it again while held gives the same Checkout.
     */
    async checkout(actor: Actor, eventId: string, guests: number): Promise<CheckoutResult> {
      const settings = await deps.settings.all(); // the club's fee: read on the pool, before the transaction
      const after = new AfterCommit();
      const stale: string[] = [];
      const plan = await db.transaction(async (tx) => {
        const { event, registration } = await paidSeats.lockForBuyer(tx, actor, eventId);
        if (event.price_amount === null || !event.currency) throw conflict(M.notPaidEvent);
        const seller = event.created_by ? await repo.findAccount(tx, event.created_by) : null;
        if (!seller || payoutState(seller) !== 'enabled') throw conflict(M.hostCannotSell);
        if (registration?.status === 'going') throw conflict(M.alreadyGoing);
        if (registration?.status === 'waitlisted') throw conflict(M.waitlisted);
        let hold: { registrationId: string; expiresAt: Date; seats: number };
        if (registration?.status === 'awaiting_payment') {
          const ends = new Date(registration.hold_expires_at!);
          if (registration.hold_kind === 'claim' && ends.getTime() <= Date.now()) throw conflict(M.claimEnded);
          const open = await repo.openPaymentOf(tx, registration.id);
          if (open?.checkout_url && new Date(open.expires_at).getTime() > Date.now()) return { kind: 'reuse', url: open.checkout_url } as const;
          if (open) {
            await repo.markExpired(tx, open.id);
            if (open.checkout_session_id) stale.push(open.checkout_session_id);
          }
          const expiresAt = ends.getTime() <= Date.now() ? await paidSeats.extendHold(tx, registration.id, PAYMENT_LIMITS.holdMinutes) : ends;
          hold = { registrationId: registration.id, expiresAt, seats: 1 + registration.guests };
        } else {
          if (guests > event.guests_allowed) {
            const message = event.guests_allowed === 0 ? M.noGuests : M.guests;
            throw badRequest(message, { guests: message });
          }
          const held = await paidSeats.holdSeats(tx, event, actor.userId, registration, guests, PAYMENT_LIMITS.holdMinutes);
          if (held.outcome === 'waitlisted') return { kind: 'waitlisted' } as const;
          hold = { registrationId: held.registrationId, expiresAt: held.expiresAt, seats: 1 + guests };
        }
        const amount = event.price_amount * hold.seats;
        const fee = platformFee(amount, settings);
        const paymentId = await repo.insertPayment(tx, {
          registrationId: hold.registrationId,
          eventId,
          userId: actor.userId,
          destination: seller.stripe_account_id,
          seats: hold.seats,
          amount,
          fee,
          currency: event.currency,
          expiresAt: hold.expiresAt,
        });
        return { kind: 'new', paymentId, event, hold, fee, destination: seller.stripe_account_id } as const;
      });
      after.run();
      if (stale.length) void runFollowUps({ refunds: [], expire: stale });
      if (plan.kind === 'reuse') return { outcome: 'checkout', checkoutUrl: plan.url };
      if (plan.kind === 'waitlisted') return { outcome: 'waitlisted', checkoutUrl: null };

      const { paymentId, event, hold, fee, destination } = plan;
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [{ quantity: hold.seats, price_data: { currency: event.currency!, unit_amount: event.price_amount!, product_data: { name: event.title } } }],
            payment_intent_data: {
              ...(fee > 0 ? { application_fee_amount: fee } : {}),
              transfer_data: { destination },
              metadata: { bayclub_payment_id: paymentId },
            },
            metadata: { bayclub_payment_id: paymentId, bayclub_event_id: eventId },
            client_reference_id: hold.registrationId,
            customer_email: actor.email,
            expires_at: checkoutExpiry(hold.expiresAt),
            success_url: `${deps.publicUrl}/events/${eventId}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${deps.publicUrl}/events/${eventId}?checkout=cancelled`,
          },
          { idempotencyKey: `checkout-${paymentId}` },
        );
        await repo.setSession(db, paymentId, { id: session.id, url: session.url });
        return { outcome: 'checkout', checkoutUrl: session.url };
      } catch (err) {
        // Nothing was charged: the payment ends and a checkout hold gives its seats back at once (a claim keeps
        // its window), so nobody waits behind seats that cannot be paid for.
        const refused = stripeRefusal(err);
        log.error({ err, paymentId }, 'checkout session not created');
        const release = new AfterCommit();
        await db.transaction(async (tx) => {
          await paidSeats.lockPaidEvent(tx, eventId);
          await repo.markExpired(tx, paymentId);
          const reg = await paidSeats.registrationById(tx, hold.registrationId);
          if (reg?.status === 'awaiting_payment' && reg.hold_kind === 'checkout') await paidSeats.releaseSeats(tx, release, promotion, reg.id);
        });
        release.run();
        if (refused) throw conflict(M.hostCannotSell);
        throw new AppError(503, 'UNAVAILABLE', M.stripeUnavailable);
      }
    },

    /** Back from Checkout (success_url): Stripe's word on the session now, so the ticket shows without the webhook. */
    async confirm(actor: Actor, eventId: string, sessionId: string): Promise<RsvpResult> {
      const p = await repo.paymentBySession(db, sessionId);
      if (!p || p.user_id !== actor.userId || p.event_id !== eventId) throw notFound(M.sessionUnknown);
      if (p.status !== 'paid') {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'complete') await completed_(session);
      }
      return paidSeats.rsvpResultFor(db, eventId, actor.userId);
    },

    /**
     * Give a ticket or a hold back: before the refund cut-off the payment is refunded in full (the club's fee
     * too); after it the seats go back on sale and are refunded when someone else buys them. A hold or a claim
     * offer is simply released. The waitlist moves up either way.
     */
    async cancelTicket(actor: Actor, eventId: string): Promise<CancelTicketResult> {
      const after = new AfterCommit();
      const f = followUps();
      const result = await db.transaction(async (tx): Promise<CancelTicketResult> => {
        const { event, viewer, facts, registration } = await paidSeats.paidEventForViewer(tx, actor, eventId, { lock: true });
        paidSeats.refuseUnlessCanRsvp(viewer.canRsvp, facts);
        if (!registration || registration.status === 'not_going') throw conflict(M.nothingToCancel);
        let refund: CancelTicketResult['refund'] = 'none';
        if (registration.status === 'awaiting_payment') {
          const open = await repo.openPaymentOf(tx, registration.id);
          if (open) {
            await repo.markExpired(tx, open.id);
            if (open.checkout_session_id) f.expire.push(open.checkout_session_id);
          }
        } else if (registration.status === 'going') {
          const paid = await repo.paidPaymentOf(tx, registration.id);
          if (paid) {
            const refundsUntil = new Date(event.starts_at).getTime() - event.refund_cutoff_hours * 3_600_000;
            if (Date.now() < refundsUntil) {
              if (await repo.requestRefund(tx, paid.id, 'cancelled_in_time')) f.refunds.push(paid.id);
              refund = 'refunded';
            } else {
              await repo.markOnResale(tx, paid.id);
              refund = 'on_resale';
            }
          }
        }
        await paidSeats.releaseSeats(tx, after, promotion, registration.id);
        return { refund };
      });
      after.run();
      await runFollowUps(f);
      return result;
    },

    /** The caller's latest payment for an event they can open (the event page's payment line). */
    async paymentFor(actor: Actor, eventId: string): Promise<{ payment: PaymentView | null }> {
      await paidSeats.paidEventForViewer(db, actor, eventId, { lock: false });
      const row = await repo.latestPaymentFor(db, actor.userId, eventId);
      return { payment: row ? presentPayment(row) : null };
    },

    /** Settings → Memberships: the caller's payments, newest first. */
    async mine(actor: Actor, q: { cursor?: string }): Promise<Page<PaymentView>> {
      const cursor = decodeCursor(q.cursor, isTimeCursor);
      const limit = PAYMENT_LIMITS.paymentsPageSize;
      const rows = await repo.paymentsOf(db, actor.userId, cursor, limit);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return { items: items.map(presentPayment), nextCursor: rows.length > limit && last ? encodeCursor({ c: last.cursor_at, i: last.id }) : null };
    },

    /** The host's money per event: hosts, the community's staff and admins (who see its attendance). */
    async sales(actor: Actor, eventId: string): Promise<EventSalesView> {
      const { event, viewer } = await paidSeats.paidEventForViewer(db, actor, eventId, { lock: false });
      if (!viewer.canSeeAttendance) throw forbidden(M.notHost);
      const s = await repo.salesOf(db, eventId);
      const currency = (event.currency ?? s.currency) as Currency | null;
      if (!currency) throw conflict(M.notPaidEvent);
      return { currency, seatsSold: s.seats_sold, gross: s.gross, fees: s.fees, refunds: s.refunds, net: s.gross - s.refunds - s.fees, seatsOnResale: s.seats_on_resale };
    },

    /**
     * The sweep (every minute, and on demand in tests): holds that ran out give their seats back (their Checkout
     * expired at Stripe first; one that completed meanwhile is applied instead); Checkouts and refunds whose
     * webhook never came are asked about; cancelled events' payments are refunded. Returns what it did.
     */
    async sweep(): Promise<{ released: number; reconciled: number; refunds: number }> {
      let released = 0;
      let reconciled = 0;
      for (const hold of await paidSeats.expiredHolds(db, 50)) {
        const open = await repo.openPaymentOf(db, hold.registrationId);
        if (open?.checkout_session_id) {
          const completed = await expireSession(open.checkout_session_id).catch((err: unknown) => {
            log.warn({ err }, 'checkout not expired; retried next sweep');
            return 'retry' as const;
          });
          if (completed === 'retry') continue;
          if (completed) {
            await completed_(completed);
            reconciled++;
            continue;
          }
        }
        const after = new AfterCommit();
        await db.transaction(async (tx) => {
          await paidSeats.lockPaidEvent(tx, hold.eventId);
          const reg = await paidSeats.registrationById(tx, hold.registrationId);
          if (reg?.status !== 'awaiting_payment' || new Date(reg.hold_expires_at!).getTime() > Date.now()) return;
          if (open) await repo.markExpired(tx, open.id);
          await paidSeats.releaseSeats(tx, after, promotion, reg.id);
          released++;
        });
        after.run();
      }
      for (const p of await repo.staleOpenPayments(db, 50)) {
        if (!p.checkout_session_id) {
          if (new Date(p.expires_at).getTime() < Date.now()) await repo.markExpired(db, p.id);
          else await repo.touch(db, p.id);
          continue;
        }
        const session = await stripe.checkout.sessions.retrieve(p.checkout_session_id).catch(() => null);
        if (session?.status === 'complete') await completed_(session);
        else if (session?.status === 'expired') {
          const after = new AfterCommit();
          await db.transaction((tx) => applyExpired(tx, after, session));
          after.run();
        } else {
          await repo.touch(db, p.id);
          continue;
        }
        reconciled++;
      }
      const refunds = await repo.refundsToSettle(db, 50);
      for (const p of refunds) {
        if (p.refund_state === 'requested') await sendRefund(p.id);
        else if (p.refund_id) {
          const refund = await stripe.refunds.retrieve(p.refund_id).catch(() => null);
          if (refund) await repo.setRefund(db, p.id, { refundId: refund.id, state: refundStateOf(refund.status) });
          else await repo.touch(db, p.id);
        }
      }
      for (const eventId of await repo.cancelledEventsToRefund(db, 20)) await refundEvent(eventId);
      await repo.pruneStripeEvents(db);
      return { released, reconciled, refunds: refunds.length };
    },
  };
}

export type SeatPayments = ReturnType<typeof createSeatPayments>;
