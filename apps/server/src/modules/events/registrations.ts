import { sql, type SQL } from 'drizzle-orm';
import { eventPath, type EventStatus, type MyRegistrationView } from '@bayclub/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { eventRegistrations, events } from '../../db/schema/index.js';
import type { AfterCommit } from '../../platform/after-commit.js';
import type { Notifier } from '../notifications/index.js';
import { waitlistClaimNotification, waitlistPromotedNotification } from './notifications.js';
import { announcing } from '../../platform/bus.js';
import { columnsOf, jsonb, leftJoined, rowsOf, textArray } from '../../platform/sql.js';

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

/**
 * The member's registration `r` as the event page shows it; `seatsFree` is the event's capacity minus going. The
 * position counts the parties strictly ahead, so it is also right in a statement that writes `r` itself (issue 25),
 * where the table still shows the row as it was before (never strictly ahead of itself).
 */
const myRegistrationColumns = (seatsFree: SQL) => sql`r.status, r.guests, r.checked_in_at, r.hold_kind, r.hold_expires_at,
  case when r.status = 'waitlisted' then 1 + (
    select count(*)::int from ${eventRegistrations} w
    where w.event_id = r.event_id and w.status = 'waitlisted'
      and (w.waitlisted_at, w.id) < (r.waitlisted_at, r.id)) end as position,
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

const waitlistEntry = z.object(columnsOf(eventRegistrations, 'id', 'user_id', 'guests'));
type WaitlistEntry = z.output<typeof waitlistEntry>;
const promotionFacts = columnsOf(events, 'capacity', 'going_count', 'title', 'price_amount', 'starts_at', 'time_zone', 'claim_window_hours');
type PromotionFacts = z.output<z.ZodObject<typeof promotionFacts>>;

const writtenRow = myRegistrationRow.extend({
  ...promotionFacts,
  ...columnsOf(events, 'waitlist_count'),
  /** Scheduled and not ended: a waitlist can move up. */
  open: z.boolean(),
  /** The other waitlisted parties in order, when asked for. */
  waitlist: jsonb(z.array(waitlistEntry)).nullable(),
});

/**
 * An RSVP's write and its answer, in one statement (issue 25: it took three, five after a waitlist moved up): the
 * member's registration written (`write`, insertRegistrationSql or updateRegistrationSql answering `*`), the
 * event's stored counts moved by `seats` and `waitlisted` (or read, when both are 0) and the registration as the
 * event page shows it; with `waitlist`, the other waitlisted parties in order and the facts promoteWaitlist needs,
 * so seats given up pass on without reading them again. Under the event's lock, which the caller holds. Null when
 * nothing was written (the write's own condition: the registration changed since it was read, or every ticket code
 * candidate was taken): the caller reads again and retries.
 */
export async function writeAndLoadMine(
  db: DbOrTx,
  at: { eventId: string; eventStatus: EventStatus },
  write: SQL,
  moved: { seats: number; waitlisted: number },
  opts: { waitlist: boolean },
) {
  const returned = sql`capacity, going_count, waitlist_count, title, price_amount, starts_at, time_zone, claim_window_hours,
    (status = 'scheduled' and ends_at > now()) as open`;
  const counted =
    moved.seats === 0 && moved.waitlisted === 0
      ? sql`select ${returned} from ${events} where id = ${at.eventId}::uuid and exists (select 1 from written)`
      : sql`update ${events} set going_count = going_count + ${moved.seats}, waitlist_count = waitlist_count + ${moved.waitlisted}
          where id = ${at.eventId}::uuid and exists (select 1 from written) returning ${returned}`;
  const waitlist = opts.waitlist
    ? sql`(select coalesce(json_agg(json_build_object('id', w.id, 'user_id', w.user_id, 'guests', w.guests)
        order by w.waitlisted_at, w.id), '[]')
        from ${eventRegistrations} w where w.event_id = r.event_id and w.status = 'waitlisted' and w.id <> r.id)`
    : sql`null`;
  const [row] = rowsOf(
    await db.execute(sql`
      with written as (${write}),
      counted as (${counted})
      select counted.*, ${myRegistrationColumns(sql`(counted.capacity - counted.going_count)`)}, ${waitlist} as waitlist
      from counted cross join written r`),
    writtenRow,
  );
  if (!row) return null;
  return {
    counts: { capacity: row.capacity, going_count: row.going_count, waitlist_count: row.waitlist_count },
    mine: presentMine(row, at.eventStatus),
    waitlist: row.open && row.waitlist ? { event: row as PromotionFacts, parties: row.waitlist } : null,
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
  ...promotionFacts,
});

export interface PromotionDeps {
  notifier: Notifier;
}

const promotedCountsRow = z.object(columnsOf(events, 'capacity', 'going_count', 'waitlist_count'));

/**
 * With the event row locked by the caller's transaction, promote waitlisted parties that now fit, first come first
 * served (a party that does not fit is skipped and keeps its place), update the event's counts, notify each
 * promoted member (`event`, in app and push) and publish `{ k: 'evt', t: 'reg' }` to them. Returns the promoted
 * members' ids. Called by an edit that raises the capacity and by seats given back on a paid event (an RSVP uses
 * promoteFrom with the waitlist its write read).
 *
 * Three statements whatever the waitlist's length: one SELECT of the waitlist in order (with the seats), the walk
 * in JS, one of the promoted rows, the event's counts and the bus event, then the notifications. Nothing happens
 * for a cancelled or ended event, or one without free seats.
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
  const parties = rows.flatMap((r) => (r.id === null || r.user_id === null || r.guests === null ? [] : [{ id: r.id, user_id: r.user_id, guests: r.guests }]));
  return (await promoteFrom(tx, after, deps, eventId, first, parties)).userIds;
}

/**
 * promoteWaitlist's walk and writes, from a waitlist (in order) and the event's facts the caller read under the
 * event's lock (the RSVP reads them with its write). Answers the promoted members and, when someone moved up, the
 * event's counts after it.
 */
export async function promoteFrom(
  tx: DbOrTx,
  after: AfterCommit,
  deps: PromotionDeps,
  eventId: string,
  event: PromotionFacts,
  waitlist: WaitlistEntry[],
): Promise<{ userIds: string[]; counts: z.output<typeof promotedCountsRow> | null }> {
  let free = event.capacity === null ? Infinity : event.capacity - event.going_count;
  const promoted: Array<{ id: string; userId: string; party: number }> = [];
  for (const r of waitlist) {
    const party = 1 + r.guests;
    if (party > free) continue; // skipped: keeps its place until it fits
    free -= party;
    promoted.push({ id: r.id, userId: r.user_id, party });
  }
  if (promoted.length === 0) return { userIds: [], counts: null };
  const ids = promoted.map((p) => p.id);
  const userIds = promoted.map((p) => p.userId);
  const seats = promoted.reduce((n, p) => n + p.party, 0);
  // Issue 22: on a paid event the seats are offered, held for the member until the claim deadline; they are
  // going once they paid (the payments module), and the seats pass on when the deadline goes by unpaid.
  const deadline = event.price_amount === null ? null : claimDeadline(new Date(), new Date(event.starts_at), event.claim_window_hours);
  const moved = deadline
    ? sql`update ${eventRegistrations} set status = 'awaiting_payment', hold_kind = 'claim',
        hold_expires_at = ${deadline.toISOString()}::timestamptz, waitlisted_at = null, updated_at = now()
      where id = any(${textArray(ids)}::uuid[]) and status = 'waitlisted' returning id`
    : sql`update ${eventRegistrations} set status = 'going', waitlisted_at = null, updated_at = now()
      where id = any(${textArray(ids)}::uuid[]) and status = 'waitlisted' returning id`;
  // Issue 25: the promoted rows, the counts and the bus event in one statement (they took three).
  const [counts] = rowsOf(
    await tx.execute(sql`
      with moved as (${moved}),
      counted as (
        update ${events} set going_count = going_count + ${seats}, waitlist_count = waitlist_count - ${promoted.length}
        where id = ${eventId}::uuid returning capacity, going_count, waitlist_count),
      told as (select ${announcing({ k: 'evt', id: eventId, t: 'reg', u: userIds })})
      select counted.*, (select count(*) from moved) as moved, (select count(*) from told) as told from counted`),
    promotedCountsRow,
  );
  const target = { relatedId: eventId, path: eventPath(eventId) };
  if (deadline)
    await deps.notifier.notifyMany(tx, after, userIds, {
      kind: waitlistClaimNotification,
      params: { eventTitle: event.title, deadline: deadline.toISOString(), timeZone: event.time_zone },
      ...target,
    });
  else await deps.notifier.notifyMany(tx, after, userIds, { kind: waitlistPromotedNotification, params: { eventTitle: event.title }, ...target });
  return { userIds, counts: counts ?? null };
}
