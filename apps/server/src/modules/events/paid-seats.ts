import { sql } from 'drizzle-orm';
import type { RsvpResult } from '@bayclub/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { eventRegistrations, events } from '../../db/schema/index.js';
import type { AfterCommit } from '../../platform/after-commit.js';
import { publish } from '../../platform/bus.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { columnsOf, rowsOf } from '../../platform/sql.js';
import type { Actor } from '../access/index.js';
import { loadEventAccess } from './access.js';
import { EVENTS_ERRORS as M } from './messages.js';
import { eventViewer } from './policy.js';
import { loadMyRegistration, promoteWaitlist, type PromotionDeps } from './registrations.js';
import * as repo from './rsvp-repository.js';
import { ticketCodeCandidates } from './tickets.js';

/**
 * Seats of paid events (issue 22), the events module's door for the payments module: it holds, confirms and
 * releases seats under the event's lock, with the same counts and waitlist as free RSVPs; the payments module
 * owns the money (Checkout, refunds, webhooks) and never touches registrations itself.
 *
 * A held seat is a registration awaiting_payment: counted in going_count (nobody else can take it) until
 * hold_expires_at. 'checkout': the member opened Checkout (a short hold); 'claim': a waitlist offer.
 */

const paidEventRow = z.object(
  columnsOf(events, 'id', 'title', 'status', 'starts_at', 'ends_at', 'time_zone', 'created_by', 'capacity', 'guests_allowed', 'going_count', 'price_amount', 'currency', 'refund_cutoff_hours', 'claim_window_hours'),
);
export type PaidEventRow = z.output<typeof paidEventRow>;

const heldRow = z.object(columnsOf(eventRegistrations, 'id', 'event_id', 'user_id', 'status', 'guests', 'hold_kind', 'hold_expires_at'));
export type SeatRegistration = z.output<typeof heldRow>;

/** Lock the event row (every change of seats runs under it) and read its paid terms; null when there is none. */
export async function lockPaidEvent(tx: DbOrTx, eventId: string): Promise<PaidEventRow | null> {
  const [row] = rowsOf(
    await tx.execute(sql`
      select id, title, status, starts_at, ends_at, time_zone, created_by, capacity, guests_allowed, going_count, price_amount, currency,
        refund_cutoff_hours, claim_window_hours
      from ${events} where id = ${eventId}::uuid for update`),
    paidEventRow,
  );
  return row ?? null;
}

export async function registrationById(tx: DbOrTx, registrationId: string): Promise<SeatRegistration | null> {
  const [row] = rowsOf(
    await tx.execute(sql`
      select id, event_id, user_id, status, guests, hold_kind, hold_expires_at
      from ${eventRegistrations} where id = ${registrationId}::uuid`),
    heldRow,
  );
  return row ?? null;
}

async function registrationOf(tx: DbOrTx, eventId: string, userId: string): Promise<SeatRegistration | null> {
  const [row] = rowsOf(
    await tx.execute(sql`
      select id, event_id, user_id, status, guests, hold_kind, hold_expires_at
      from ${eventRegistrations} where event_id = ${eventId}::uuid and user_id = ${userId}::uuid`),
    heldRow,
  );
  return row ?? null;
}

/**
 * A buyer's view of a paid event, under its lock: 404 when they may not see it; 409 when it is over or cancelled,
 * or when they created it (the creator is going without a seat, decision 025). Three statements.
 */
export async function lockForBuyer(tx: DbOrTx, actor: Actor, eventId: string) {
  const facts = await loadEventAccess(tx, eventId, actor.userId, { lock: true });
  if (!facts) throw notFound(M.notFound);
  const viewer = eventViewer(actor, facts, { scanAllowed: false });
  if (!viewer.canView) throw notFound(M.notFound);
  if (viewer.isCreator) throw conflict(M.hostIsGoing);
  refuseUnlessCanRsvp(viewer.canRsvp, facts);
  const event = (await lockPaidEvent(tx, eventId))!;
  return { event, registration: await registrationOf(tx, eventId, actor.userId) };
}

/** 409 cancelled or ended; 403 for a caller who may see the event but not RSVP (an applicant on a public event). */
export function refuseUnlessCanRsvp(canRsvp: boolean, facts: { status: string; endsAt: Date }) {
  if (canRsvp) return;
  if (facts.status === 'cancelled') throw conflict(M.cancelled);
  if (facts.endsAt.getTime() <= Date.now()) throw conflict(M.ended);
  throw forbidden();
}

/** A caller who could open the event: the event and their registration, without a lock (the payment line, the cancel). */
export async function paidEventForViewer(tx: DbOrTx, actor: Actor, eventId: string, opts: { lock: boolean }) {
  const facts = await loadEventAccess(tx, eventId, actor.userId, { lock: opts.lock });
  if (!facts) throw notFound(M.notFound);
  const viewer = eventViewer(actor, facts, { scanAllowed: false });
  if (!viewer.canView) throw notFound(M.notFound);
  const event = opts.lock ? (await lockPaidEvent(tx, eventId))! : (await eventRow(tx, eventId))!;
  return { event, viewer, facts, registration: await registrationOf(tx, eventId, actor.userId) };
}

async function eventRow(tx: DbOrTx, eventId: string): Promise<PaidEventRow | null> {
  const [row] = rowsOf(
    await tx.execute(sql`
      select id, title, status, starts_at, ends_at, time_zone, created_by, capacity, guests_allowed, going_count, price_amount, currency,
        refund_cutoff_hours, claim_window_hours
      from ${events} where id = ${eventId}::uuid`),
    paidEventRow,
  );
  return row ?? null;
}

export type HoldOutcome = { outcome: 'held'; registrationId: string; expiresAt: Date } | { outcome: 'waitlisted'; registrationId: string };

/**
 * Hold a party's seats for a buyer who is about to pay (the event locked by lockForBuyer): awaiting_payment until
 * now + holdMinutes when they fit, else the waitlist (first come, first served, as free events). `current` is
 * the buyer's registration (not going, or none).
 */
export async function holdSeats(
  tx: DbOrTx,
  event: PaidEventRow,
  userId: string,
  current: SeatRegistration | null,
  guests: number,
  holdMinutes: number,
): Promise<HoldOutcome> {
  const party = 1 + guests;
  const fits = event.capacity === null || event.going_count + party <= event.capacity;
  const expiresAt = new Date(Date.now() + holdMinutes * 60_000);
  const status = fits ? 'awaiting_payment' : 'waitlisted';
  const hold = fits ? { kind: 'checkout' as const, expiresAt } : undefined;
  let id = current?.id ?? null;
  if (!id) {
    for (let attempt = 0; !id && attempt < 3; attempt++)
      id = await repo.insertRegistration(tx, { eventId: event.id, userId, status, guests, codes: ticketCodeCandidates(), hold });
    if (!id) throw new Error('no free ticket code');
  } else {
    await repo.updateRegistration(tx, id, { status, guests, waitlist: fits ? 'clear' : 'join', hold });
  }
  if (!fits) {
    await repo.addToCounts(tx, event.id, 0, 1);
    return { outcome: 'waitlisted', registrationId: id };
  }
  await repo.addToCounts(tx, event.id, party, 0);
  return { outcome: 'held', registrationId: id, expiresAt };
}

/** A checkout hold that ran out before the sweep saw it, opened again by its member: held anew from now. */
export async function extendHold(tx: DbOrTx, registrationId: string, holdMinutes: number): Promise<Date> {
  const expiresAt = new Date(Date.now() + holdMinutes * 60_000);
  await tx.execute(sql`
    update ${eventRegistrations} set hold_expires_at = ${expiresAt.toISOString()}::timestamptz, updated_at = now()
    where id = ${registrationId}::uuid and status = 'awaiting_payment' and hold_kind = 'checkout'`);
  return expiresAt;
}

/** The member paid for held seats (the event locked): going, with their ticket. False when nothing was held. */
export async function confirmSeats(tx: DbOrTx, registrationId: string): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`
      update ${eventRegistrations} set status = 'going', hold_kind = null, hold_expires_at = null, updated_at = now()
      where id = ${registrationId}::uuid and status = 'awaiting_payment'
      returning event_id, user_id`),
    z.object({ event_id: z.string(), user_id: z.string() }),
  );
  const row = rows[0];
  if (row) await publish(tx, { k: 'evt', id: row.event_id, t: 'reg', u: [row.user_id] });
  return rows.length > 0;
}

/**
 * A payment that arrived after its seats were released (the event locked): seat the party again when it still
 * fits, going at once. False when it does not (the caller refunds it) or the event is no longer on.
 */
export async function seatAgain(tx: DbOrTx, event: PaidEventRow, registrationId: string, seats: number): Promise<boolean> {
  if (event.status !== 'scheduled' || new Date(event.ends_at).getTime() <= Date.now()) return false;
  if (event.capacity !== null && event.going_count + seats > event.capacity) return false;
  const reg = await registrationById(tx, registrationId);
  if (!reg || reg.status === 'going') return false;
  const wasWaitlisted = reg.status === 'waitlisted';
  await tx.execute(sql`
    update ${eventRegistrations} set status = 'going', guests = ${seats - 1}, hold_kind = null, hold_expires_at = null,
      waitlisted_at = null, updated_at = now()
    where id = ${registrationId}::uuid`);
  const heldBefore = reg.status === 'awaiting_payment' ? 1 + reg.guests : 0;
  await repo.addToCounts(tx, event.id, seats - heldBefore, wasWaitlisted ? -1 : 0);
  await publish(tx, { k: 'evt', id: event.id, t: 'reg', u: [reg.user_id] });
  return true;
}

/**
 * Give a registration's seats or waitlist place back (the event locked): a hold that ran out, a declined offer, a
 * cancelled ticket. Not going; the counts follow; the waitlist moves up (claim offers on a paid event).
 */
export async function releaseSeats(tx: DbOrTx, after: AfterCommit, deps: PromotionDeps, registrationId: string): Promise<void> {
  const reg = await registrationById(tx, registrationId);
  if (!reg || reg.status === 'not_going') return;
  const seats = reg.status === 'going' || reg.status === 'awaiting_payment' ? 1 + reg.guests : 0;
  await tx.execute(sql`
    update ${eventRegistrations} set status = 'not_going', hold_kind = null, hold_expires_at = null, waitlisted_at = null,
      updated_at = now()
    where id = ${registrationId}::uuid`);
  await repo.addToCounts(tx, reg.event_id, -seats, reg.status === 'waitlisted' ? -1 : 0);
  await publish(tx, { k: 'evt', id: reg.event_id, t: 'reg', u: [reg.user_id] });
  if (seats > 0) await promoteWaitlist(tx, after, deps, reg.event_id);
}

/** Holds that ran out, oldest first (the payments sweep releases them): event_registrations_holds_idx. */
export async function expiredHolds(db: DbOrTx, limit: number): Promise<Array<{ registrationId: string; eventId: string }>> {
  const rows = rowsOf(
    await db.execute(sql`
      select id, event_id from ${eventRegistrations}
      where status = 'awaiting_payment' and hold_expires_at < now()
      order by hold_expires_at limit ${limit}`),
    z.object({ id: z.string(), event_id: z.string() }),
  );
  return rows.map((r) => ({ registrationId: r.id, eventId: r.event_id }));
}

/** The member's registration and the event's counts, as PUT /rsvp answers. */
export async function rsvpResultFor(db: DbOrTx, eventId: string, userId: string): Promise<RsvpResult> {
  const event = await eventRow(db, eventId);
  if (!event) throw notFound(M.notFound);
  const mine = await loadMyRegistration(db, eventId, userId, event.status);
  const counts = await repo.eventCounts(db, eventId);
  return {
    mine: mine ?? { status: 'not_going', guests: 0, waitlistPosition: null, waitlistReason: null, checkedInAt: null, hold: null },
    capacity: counts.capacity,
    goingCount: counts.going_count,
    waitlistCount: counts.waitlist_count,
  };
}
