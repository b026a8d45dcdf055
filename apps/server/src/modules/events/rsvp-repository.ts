import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { eventHosts, eventRegistrations, events, profiles } from '../../db/schema/index.js';
import { columnOf, columnsOf, leftJoined, rowsOf, textArray, timestamp } from '../../platform/sql.js';
import { eventAccessFactsOf, eventAccessShape, eventAccessSql } from './access.js';
import type { EventAccessFacts } from './policy.js';
import { notBlockedWith } from '../access/index.js';

/** The seat facts of an event whose row the caller's transaction has locked (loadEventAccess { lock: true }). */
export interface EventSeats {
  title: string;
  capacity: number | null;
  guests_allowed: number;
  going_count: number;
  waitlist_count: number;
  /** Issue 22: a paid event's RSVPs go through Checkout. */
  price_amount: number | null;
}

/** Seats held on a paid event while the member pays (issue 22): status awaiting_payment carries one. */
export interface SeatHold {
  kind: 'checkout' | 'claim';
  expiresAt: Date;
}

const registrationShape = columnsOf(eventRegistrations, 'id', 'event_id', 'user_id', 'status', 'guests', 'ticket_code', 'checked_in_at');
export type RegistrationRow = z.output<z.ZodObject<typeof registrationShape>>;

/** A RegistrationRow's columns, for the builder's selects. */
const registrationColumns = {
  id: eventRegistrations.id,
  event_id: eventRegistrations.eventId,
  user_id: eventRegistrations.userId,
  status: eventRegistrations.status,
  guests: eventRegistrations.guests,
  ticket_code: eventRegistrations.ticketCode,
  checked_in_at: eventRegistrations.checkedInAt,
};

export async function findRegistration(db: DbOrTx, eventId: string, userId: string): Promise<RegistrationRow | null> {
  const [row] = await db
    .select(registrationColumns)
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)));
  return row ?? null;
}

const registrationIdRow = z.object(columnsOf(eventRegistrations, 'id'));

/**
 * The member's first registration at the event, with a door code not yet used there: the first of `codes` free
 * at this event (the caller holds the event's lock, so no other insert races it). Null only if every candidate
 * is taken (about (n/481M)^6 for n registrations): the caller retries with new candidates.
 */
export async function insertRegistration(
  db: DbOrTx,
  r: { eventId: string; userId: string; status: RegistrationRow['status']; guests: number; codes: string[]; hold?: SeatHold },
): Promise<string | null> {
  const [row] = rowsOf(await db.execute(insertRegistrationSql(r, sql`id`)), registrationIdRow);
  return row?.id ?? null;
}

/**
 * insertRegistration's statement, answering `returning` (the whole row by default: for an RSVP that folds it, issue
 * 25). `ifAbsent`: nothing is written (and nothing answered) when the member has a registration there already.
 */
export function insertRegistrationSql(
  r: { eventId: string; userId: string; status: RegistrationRow['status']; guests: number; codes: string[]; hold?: SeatHold },
  returning: SQL = sql`*`,
  opts: { ifAbsent?: boolean } = {},
): SQL {
  return sql`
    insert into ${eventRegistrations} (event_id, user_id, status, guests, waitlisted_at, ticket_code, hold_kind, hold_expires_at)
    select ${r.eventId}::uuid, ${r.userId}::uuid, ${r.status}, ${r.guests},
      case when ${r.status} = 'waitlisted' then clock_timestamp() end, c.code,
      ${r.hold?.kind ?? null}, ${r.hold ? r.hold.expiresAt.toISOString() : null}::timestamptz
    from (
      select code from unnest(${textArray(r.codes)}) with ordinality as x(code, n)
      where not exists (select 1 from ${eventRegistrations} t where t.event_id = ${r.eventId}::uuid and t.ticket_code = x.code)
      order by n limit 1) c
    ${opts.ifAbsent ? sql`on conflict do nothing` : sql``}
    returning ${returning}`;
}

/**
 * Change a registration. `waitlist`: 'join' stamps the place now, 'keep' leaves it (guests changed while
 * waitlisted), 'clear' removes it (going or not going).
 *
 * The place is clock_timestamp(), not now(): now() is when the transaction began, before it waited for the
 * event's lock, so a later arrival could take an earlier place (measured: duplicate positions in the 50-RSVP race
 * on PostgreSQL). Under the lock, clock_timestamp() follows the order in which the lock was granted.
 */
export async function updateRegistration(
  db: DbOrTx,
  id: string,
  r: { status: RegistrationRow['status']; guests: number; waitlist: 'join' | 'keep' | 'clear'; hold?: SeatHold },
) {
  await db.execute(updateRegistrationSql(id, r, sql`id`));
}

/**
 * updateRegistration's statement, answering `returning` (the whole row by default: for an RSVP that folds it, issue
 * 25). `version`: only if the row is still the version read (its xmin, from lockEventForRsvp), else nothing.
 */
export function updateRegistrationSql(
  id: string,
  r: { status: RegistrationRow['status']; guests: number; waitlist: 'join' | 'keep' | 'clear'; hold?: SeatHold },
  returning: SQL = sql`*`,
  opts: { version?: string } = {},
): SQL {
  const waitlistedAt = r.waitlist === 'join' ? sql`clock_timestamp()` : r.waitlist === 'keep' ? sql`waitlisted_at` : sql`null`;
  return sql`
    update ${eventRegistrations} set status = ${r.status}, guests = ${r.guests}, waitlisted_at = ${waitlistedAt},
      hold_kind = ${r.hold?.kind ?? null}, hold_expires_at = ${r.hold ? r.hold.expiresAt.toISOString() : null}::timestamptz,
      updated_at = now()
    where id = ${id}::uuid ${opts.version === undefined ? sql`` : sql`and xmin::text = ${opts.version}`}
    returning ${returning}`;
}

const eventCountsRow = z.object(columnsOf(events, 'capacity', 'going_count', 'waitlist_count'));

/** Move the event's stored counts; answers them as they are after the move (one statement either way). */
export async function addToCounts(db: DbOrTx, eventId: string, seats: number, waitlisted: number) {
  const res = await db.execute(
    seats === 0 && waitlisted === 0
      ? sql`select capacity, going_count, waitlist_count from ${events} where id = ${eventId}::uuid`
      : sql`update ${events} set going_count = going_count + ${seats}, waitlist_count = waitlist_count + ${waitlisted}
          where id = ${eventId}::uuid returning capacity, going_count, waitlist_count`,
  );
  return rowsOf(res, eventCountsRow)[0]!;
}

/**
 * The seat facts of an event whose row the caller's transaction has locked, and the member's registration there:
 * one statement (issue 25: it took two).
 */
export async function seatsAndRegistration(db: DbOrTx, eventId: string, userId: string): Promise<{ seats: EventSeats; current: RegistrationRow | null }> {
  const [row] = await db
    .select({
      seats: {
        title: events.title,
        capacity: events.capacity,
        guests_allowed: events.guestsAllowed,
        going_count: events.goingCount,
        waitlist_count: events.waitlistCount,
        price_amount: events.priceAmount,
      },
      current: registrationColumns,
    })
    .from(events)
    .leftJoin(eventRegistrations, and(eq(eventRegistrations.eventId, events.id), eq(eventRegistrations.userId, userId)))
    .where(eq(events.id, eventId));
  return { seats: row!.seats, current: row!.current };
}

const rsvpLockRow = z.object({
  id: columnOf(events, 'id'),
  ...eventAccessShape,
  ...columnsOf(events, 'title', 'capacity', 'guests_allowed', 'going_count', 'waitlist_count', 'price_amount'),
  ...leftJoined({
    reg_id: columnOf(eventRegistrations, 'id'),
    reg_status: columnOf(eventRegistrations, 'status'),
    reg_guests: columnOf(eventRegistrations, 'guests'),
    reg_ticket_code: columnOf(eventRegistrations, 'ticket_code'),
    reg_version: z.string(),
  }),
  reg_checked_in_at: columnOf(eventRegistrations, 'checked_in_at'),
});

/**
 * An RSVP's first statement (issue 25: it took two): the event row locked (FOR UPDATE OF e), the facts eventViewer
 * needs, the seats, and the member's registration with its version (xmin). The event's columns are its newest
 * version (PostgreSQL re-reads a row it waited to lock), and every change of seats changes them. The registration
 * is read as it was when the statement began: if another transaction of the member's changed it while this one
 * waited for the lock, it is stale, and the write, which is conditional on the version (or on there being none),
 * writes nothing; the caller then reads it again under the lock (seatsAndRegistration) and decides again.
 */
export async function lockEventForRsvp(
  tx: DbOrTx,
  eventId: string,
  userId: string,
): Promise<{ facts: EventAccessFacts; seats: EventSeats; current: (RegistrationRow & { version: string }) | null } | null> {
  const access = eventAccessSql(sql`${userId}::uuid`);
  const [row] = rowsOf(
    await tx.execute(sql`
      select e.id, ${access.columns}, e.title, e.capacity, e.guests_allowed, e.going_count, e.waitlist_count, e.price_amount,
        rr.id as reg_id, rr.status as reg_status, rr.guests as reg_guests, rr.ticket_code as reg_ticket_code,
        rr.checked_in_at as reg_checked_in_at, rr.xmin::text as reg_version
      from ${events} e
      ${access.joins}
      left join ${eventRegistrations} rr on rr.event_id = e.id and rr.user_id = ${userId}::uuid
      where e.id = ${eventId}::uuid
      for update of e`),
    rsvpLockRow,
  );
  if (!row) return null;
  const current =
    row.reg_id === null || row.reg_status === null || row.reg_guests === null || row.reg_ticket_code === null || row.reg_version === null
      ? null
      : {
          id: row.reg_id,
          event_id: row.id,
          user_id: userId,
          status: row.reg_status,
          guests: row.reg_guests,
          ticket_code: row.reg_ticket_code,
          checked_in_at: row.reg_checked_in_at,
          version: row.reg_version,
        };
  const seats: EventSeats = {
    title: row.title,
    capacity: row.capacity,
    guests_allowed: row.guests_allowed,
    going_count: row.going_count,
    waitlist_count: row.waitlist_count,
    price_amount: row.price_amount,
  };
  return { facts: eventAccessFactsOf(row), seats, current };
}

export async function eventCounts(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({ capacity: events.capacity, going_count: events.goingCount, waitlist_count: events.waitlistCount })
    .from(events)
    .where(eq(events.id, eventId));
  return row!;
}

// Raw, not the builder, for the door's registration too: these columns and their aliases are shared with goingMembers.
const memberColumns = sql`p.id as member_id, p.full_name, p.username, p.profile_picture_url, p.is_verified, p.age, p.city`;

const memberShape = {
  member_id: columnOf(profiles, 'id'),
  ...columnsOf(profiles, 'full_name', 'username', 'profile_picture_url', 'is_verified', 'age', 'city'),
};
export type MemberColumns = z.output<z.ZodObject<typeof memberShape>>;
const doorRegistrationRow = z.object({ ...registrationShape, ...memberShape, admitted_at: timestamp().nullable() });

/**
 * The door's one statement (issue 25: it took two, and three before): the registration by id (from a verified
 * token) or by code at this event, with the guest's card, under its row lock; admitted when it is going to
 * `eventId` and not checked in yet (`admitted_at`, else null and nothing written); and the admission announced
 * to who hears of it (the creator, co-hosts and door helpers; `announce` makes the announcement from its audience
 * `u`, an SQL uuid[], and the registration `r`). The caller holds the event's lock, which every change of its registrations takes first, so the
 * row read here is the newest and two door phones scanning one ticket admit it once. The caller turns a row not
 * admitted into the door's answer (another event, cancelled, already used), from the same facts.
 */
export async function admitAtDoor(
  db: DbOrTx,
  by: { id: string } | { eventId: string; code: string },
  door: { eventId: string; byUserId: string },
  announce: (fields: { u: SQL; r: SQL }) => SQL,
): Promise<(RegistrationRow & MemberColumns & { admitted_at: Date | string | null }) | null> {
  const where = 'id' in by ? sql`r.id = ${by.id}::uuid` : sql`r.event_id = ${by.eventId}::uuid and r.ticket_code = ${by.code}`;
  const [row] = rowsOf(
    await db.execute(sql`
      with found as (
        select r.id, r.event_id, r.user_id, r.status, r.guests, r.ticket_code, r.checked_in_at, ${memberColumns}
        from ${eventRegistrations} r join ${profiles} p on p.id = r.user_id
        where ${where}
        for update of r),
      marked as (
        update ${eventRegistrations} r set checked_in_at = now(), checked_in_by = ${door.byUserId}, updated_at = now()
        from found f
        where r.id = f.id and f.event_id = ${door.eventId}::uuid and f.status = 'going' and f.checked_in_at is null
        returning r.checked_in_at),
      staff as (
        select array(
          select created_by from ${events} where id = ${door.eventId}::uuid and created_by is not null
          union select user_id from ${eventHosts} where event_id = ${door.eventId}::uuid) as ids),
      told as (select ${announce({ u: sql`staff.ids`, r: sql`found.id` })} from marked, staff, found)
      select found.*, (select checked_in_at from marked) as admitted_at, (select count(*) from told) as told from found`),
    doorRegistrationRow,
  );
  return row ?? null;
}

const attendanceRow = z.object({
  registration_id: columnOf(eventRegistrations, 'id'),
  ...columnsOf(eventRegistrations, 'guests', 'checked_in_at'),
  ...memberShape,
});
export type AttendanceRow = z.output<typeof attendanceRow>;

/**
 * Everyone going (checkedInOnly: only those checked in, newest first), with their cards; members blocked either
 * way with the viewer or deactivated are left out, as everywhere members are listed. At most capacity rows
 * (5000), so no paging: the door needs the whole list offline.
 */
export async function goingMembers(db: DbOrTx, eventId: string, viewerId: string, opts: { checkedInOnly: boolean }): Promise<AttendanceRow[]> {
  return rowsOf(
    await db.execute(sql`
      select r.id as registration_id, r.guests, r.checked_in_at, ${memberColumns}
      from ${eventRegistrations} r join ${profiles} p on p.id = r.user_id
      where r.event_id = ${eventId}::uuid and r.status = 'going'
        ${opts.checkedInOnly ? sql`and r.checked_in_at is not null` : sql``}
        and not coalesce(p.is_deactivated, false)
        and ${notBlockedWith(sql`r.user_id`, sql`${viewerId}::uuid`)}
      order by ${opts.checkedInOnly ? sql`r.checked_in_at desc, r.id desc` : sql`p.full_name, r.id`}`),
    attendanceRow,
  );
}

/** Every count is cast to int4 in the SQL: a number on both engines. */
const attendanceCountsRow = z.object({
  going: z.number().int(),
  checked_in: z.number().int(),
  seats_going: z.number().int(),
  seats_checked_in: z.number().int(),
});

/** The true numbers of an event's going registrations (whoever the viewer may see): members and seats, all and checked in. */
export async function attendanceCounts(db: DbOrTx, eventId: string) {
  const [row] = rowsOf(
    await db.execute(sql`
      select count(*)::int as going, count(checked_in_at)::int as checked_in,
        coalesce(sum(1 + guests), 0)::int as seats_going,
        coalesce(sum(1 + guests) filter (where checked_in_at is not null), 0)::int as seats_checked_in
      from ${eventRegistrations} where event_id = ${eventId}::uuid and status = 'going'`),
    attendanceCountsRow,
  );
  return row!;
}
