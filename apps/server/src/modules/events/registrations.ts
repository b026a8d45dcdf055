import { sql, type SQL } from 'drizzle-orm';
import { eventPath, type EventStatus, type MyRegistrationView } from '@bayclub/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { eventRegistrations, events } from '../../db/schema/index.js';
import type { AfterCommit } from '../../platform/after-commit.js';
import type { Notifier } from '../notifications/index.js';
import { waitlistClaimNotification, waitlistPromotedNotification } from './notifications.js';
import { publish } from '../../platform/bus.js';
import { columnsOf, leftJoined, rowsOf, textArray } from '../../platform/sql.js';

/** The waitlist reason a member reads when seats are free but their party is larger. */
export function waitlistReason(partySize: number, seatsFree: number): string | null {
  if (seatsFree <= 0) return null;
  return `Your party of ${partySize} needs ${partySize} seats; ${seatsFree} ${seatsFree === 1 ? 'is' : 'are'} free. You keep your place.`;
}

const myRegistrationRow = z.object({
  ...columnsOf(eventRegistrations, 'status', 'guests', 'checked_in_at', 'hold_kind', 'hold_expires_at'),
  /** count(*)::int; null unless waitlisted. */
  position: z.number().int().nullable(),
  /** capacity - going_count: null without a capacity. */
  seats_free: z.number().int().nullable(),
});

/** The member's registration `r` as the event page shows it; `seatsFree` is the event's capacity minus going. */
const myRegistrationColumns = (seatsFree: SQL) => sql`r.status, r.guests, r.checked_in_at, r.hold_kind, r.hold_expires_at,
  case when r.status = 'waitlisted' then (
    select count(*)::int from ${eventRegistrations} w
    where w.event_id = r.event_id and w.status = 'waitlisted'
      and (w.waitlisted_at, w.id) <= (r.waitlisted_at, r.id)) end as position,
  ${seatsFree} as seats_free`;

function presentMine(row: z.output<typeof myRegistrationRow>, eventStatus: EventStatus): MyRegistrationView {
  const waitlisted = row.status === 'waitlisted';
  return {
    status: eventStatus === 'cancelled' && row.status !== 'not_going' ? 'cancelled' : row.status,
    guests: row.guests,
    waitlistPosition: waitlisted ? row.position : null,
    waitlistReason: waitlisted && row.seats_free !== null ? waitlistReason(1 + row.guests, row.seats_free) : null,
    checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
    hold:
      row.status === 'awaiting_payment' && row.hold_kind && row.hold_expires_at
        ? { kind: row.hold_kind, expiresAt: new Date(row.hold_expires_at).toISOString() }
        : null,
  };
}

/**
 * The caller's registration as the event page shows it, with their waitlist position (1-based, first come first
 * served) and the reason they have not moved up; null when they never registered. One statement.
 */
export async function loadMyRegistration(
  db: DbOrTx,
  eventId: string,
  userId: string,
  eventStatus: EventStatus,
): Promise<MyRegistrationView | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select ${myRegistrationColumns(sql`(e.capacity - e.going_count)`)}
      from ${eventRegistrations} r join ${events} e on e.id = r.event_id
      where r.event_id = ${eventId}::uuid and r.user_id = ${userId}::uuid`),
    myRegistrationRow,
  );
  return row ? presentMine(row, eventStatus) : null;
}

const countsAndMineRow = myRegistrationRow.extend(columnsOf(events, 'capacity', 'going_count', 'waitlist_count'));

/**
 * An RSVP's answer: the event's stored counts moved by `seats` and `waitlisted` (or read, when both are 0), and the
 * member's registration (written earlier in the caller's transaction, under the event's lock) as it is then. One
 * statement (issue 25: it took two, three after a waitlist moved up).
 */
export async function moveCountsAndLoadMine(
  db: DbOrTx,
  at: { eventId: string; userId: string; eventStatus: EventStatus },
  seats: number,
  waitlisted: number,
) {
  const counted =
    seats === 0 && waitlisted === 0
      ? sql`select capacity, going_count, waitlist_count from ${events} where id = ${at.eventId}::uuid`
      : sql`update ${events} set going_count = going_count + ${seats}, waitlist_count = waitlist_count + ${waitlisted}
          where id = ${at.eventId}::uuid returning capacity, going_count, waitlist_count`;
  const [row] = rowsOf(
    await db.execute(sql`
      with counted as (${counted})
      select counted.capacity, counted.going_count, counted.waitlist_count,
        ${myRegistrationColumns(sql`(counted.capacity - counted.going_count)`)}
      from counted cross join ${eventRegistrations} r
      where r.event_id = ${at.eventId}::uuid and r.user_id = ${at.userId}::uuid`),
    countsAndMineRow,
  );
  return {
    counts: { capacity: row!.capacity, going_count: row!.going_count, waitlist_count: row!.waitlist_count },
    mine: presentMine(row!, at.eventStatus),
  };
}

/** The shortest claim window: a seat offered an hour before the start still gets this long. */
const CLAIM_MIN_MS = 30 * 60_000;

/**
 * Until when a member offered a seat of a paid event may pay for it (decision 028): the host's claim window, but
 * never more than half the time left before the start (a seat offered the evening before passes on in hours, not
 * overnight), and at least 30 minutes.
 */
export function claimDeadline(now: Date, startsAt: Date, windowHours: number): Date {
  const left = startsAt.getTime() - now.getTime();
  const window = Math.min(windowHours * 3_600_000, Math.max(CLAIM_MIN_MS, left / 2));
  return new Date(now.getTime() + window);
}

/** The event with its waitlist in order (none: one row of nulls, from the left join). */
const waitlistRow = z.object({
  ...leftJoined(columnsOf(eventRegistrations, 'id', 'user_id', 'guests')),
  ...columnsOf(events, 'capacity', 'going_count', 'title', 'price_amount', 'starts_at', 'time_zone', 'claim_window_hours'),
});

export interface PromotionDeps {
  notifier: Notifier;
}

/**
 * With the event row locked by the caller's transaction, promote waitlisted parties that now fit, first come first
 * served (a party that does not fit is skipped and keeps its place), update the event's counts, notify each
 * promoted member (`event`, in app and push) and publish `{ k: 'evt', t: 'reg' }` to them. Returns the promoted
 * members' ids. Called by RSVP changes and by an edit that raises the capacity.
 *
 * Four statements whatever the waitlist's length: one SELECT of the waitlist in order (with the seats), the walk
 * in JS, one UPDATE of the promoted rows, one of the event's counts, then the notifications and the bus event.
 * Nothing happens for a cancelled or ended event, or one without free seats.
 */
export async function promoteWaitlist(tx: DbOrTx, after: AfterCommit, deps: PromotionDeps, eventId: string): Promise<string[]> {
  const rows = rowsOf(
    await tx.execute(sql`
      select r.id, r.user_id, r.guests, e.capacity, e.going_count, e.title, e.price_amount, e.starts_at, e.time_zone,
        e.claim_window_hours
      from ${events} e
      left join ${eventRegistrations} r on r.event_id = e.id and r.status = 'waitlisted'
      where e.id = ${eventId}::uuid and e.status = 'scheduled' and e.ends_at > now()
        and (e.capacity is null or e.capacity > e.going_count)
      order by r.waitlisted_at, r.id`),
    waitlistRow,
  );
  const first = rows[0];
  if (!first) return [];
  let free = first.capacity === null ? Infinity : first.capacity - first.going_count;
  const promoted: Array<{ id: string; userId: string; party: number }> = [];
  for (const r of rows) {
    if (r.id === null || r.user_id === null || r.guests === null) continue;
    const party = 1 + r.guests;
    if (party > free) continue; // skipped: keeps its place until it fits
    free -= party;
    promoted.push({ id: r.id, userId: r.user_id, party });
  }
  if (promoted.length === 0) return [];
  const ids = promoted.map((p) => p.id);
  const userIds = promoted.map((p) => p.userId);
  const seats = promoted.reduce((n, p) => n + p.party, 0);
  // Issue 22: on a paid event the seats are offered, held for the member until the claim deadline; they are
  // going once they paid (the payments module), and the seats pass on when the deadline goes by unpaid.
  const deadline = first.price_amount === null ? null : claimDeadline(new Date(), new Date(first.starts_at), first.claim_window_hours);
  await tx.execute(
    deadline
      ? sql`
    update ${eventRegistrations} set status = 'awaiting_payment', hold_kind = 'claim',
      hold_expires_at = ${deadline.toISOString()}::timestamptz, waitlisted_at = null, updated_at = now()
    where id = any(${textArray(ids)}::uuid[]) and status = 'waitlisted'`
      : sql`
    update ${eventRegistrations} set status = 'going', waitlisted_at = null, updated_at = now()
    where id = any(${textArray(ids)}::uuid[]) and status = 'waitlisted'`,
  );
  await tx.execute(sql`
    update ${events} set going_count = going_count + ${seats}, waitlist_count = waitlist_count - ${promoted.length}
    where id = ${eventId}::uuid`);
  const target = { relatedId: eventId, path: eventPath(eventId) };
  if (deadline)
    await deps.notifier.notifyMany(tx, after, userIds, {
      kind: waitlistClaimNotification,
      params: { eventTitle: first.title, deadline: deadline.toISOString(), timeZone: first.time_zone },
      ...target,
    });
  else await deps.notifier.notifyMany(tx, after, userIds, { kind: waitlistPromotedNotification, params: { eventTitle: first.title }, ...target });
  await publish(tx, { k: 'evt', id: eventId, t: 'reg', u: userIds });
  return userIds;
}
