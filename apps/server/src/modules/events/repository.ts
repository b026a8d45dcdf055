import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { EventHostRole, EventVisibility } from '@bayclub/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { communities, communityMembers, eventHosts, eventRegistrations, events, locations, profiles } from '../../db/schema/index.js';
import { exactInstant, type TimeCursor } from '../../platform/cursor.js';
import { approvedMemberSql, blockedBetween, memberJson, memberJsonSchema, notBlockedWith, type MemberJson } from '../access/index.js';
import { columnOf, columnsOf, count as countField, jsonb, leftJoined, rowsOf } from '../../platform/sql.js';

/** Who asks, as the list's SQL needs it: the same facts eventViewer reads from the Actor. */
export interface EventsViewer {
  userId: string | null;
  /** canSeeMembers(actor): full_platform or approved community_only, not deactivated. */
  approved: boolean;
  admin: boolean;
}

/**
 * The list's visibility filter over events alias `e`: exactly what eventViewer(actor, facts).canView says, so a
 * list shows the events its caller could open and nothing else (events-visibility test: every persona).
 * - the creator is not deactivated, and not blocked either way with the caller (hiddenFromCaller);
 * - public for anyone; members for approved members; community for the community's active members and admins.
 */
export function visibleEventsFilter(viewer: EventsViewer): SQL {
  const caller = viewer.userId ? sql`${viewer.userId}::uuid` : null;
  // The deactivated check stands alone (an anti-join on profiles' key, not a scan of every deactivated profile);
  // the viewer's blocks are read once (notBlockedWith), and NOT IN needs the creator-less events let through.
  const notHidden = sql`(not exists (select 1 from ${profiles} cp where cp.id = e.created_by and cp.is_deactivated)${
    caller ? sql` and (e.created_by is null or ${notBlockedWith(sql`e.created_by`, caller)})` : sql``
  })`;
  let canView: SQL;
  if (!viewer.approved || !caller) canView = sql`e.visibility = 'public'`;
  else if (viewer.admin) canView = sql`true`;
  else
    canView = sql`(e.visibility in ('public', 'members') or exists (select 1 from ${communityMembers} vm
      where vm.community_id = e.community_id and vm.user_id = ${caller} and vm.status = 'active'))`;
  return sql`(${notHidden} and ${canView})`;
}

export interface EventListFilters {
  city?: string;
  communityId?: string;
  /** [from, to) on starts_at. */
  from?: Date;
  to?: Date;
  /** Only the caller's going or waitlisted registrations. */
  going?: boolean;
  /** Ended events, newest first. */
  past?: boolean;
  /** Events at this place (issue 12). */
  locationId?: string;
}

/**
 * Everyone going (decision 025): the seats taken plus the creator, who is going to their own event and holds no seat.
 * A creator who RSVP'd before that rule (a going registration of their own) is already in going_count: not twice.
 * One probe of event_registrations' (event_id, user_id) key per event.
 */
const attendingCountSql = sql`(e.going_count + case when e.created_by is not null and not exists (
    select 1 from ${eventRegistrations} hr where hr.event_id = e.id and hr.user_id = e.created_by and hr.status = 'going')
  then 1 else 0 end)`;

/** summaryColumns and the caller's own status (null for visitors and on the event page). */
const summaryShape = {
  ...columnsOf(events, 'id', 'title', 'starts_at', 'ends_at', 'time_zone', 'venue', 'city', 'cover_image_key', 'status'),
  ...columnsOf(events, 'visibility', 'capacity', 'going_count', 'waitlist_count', 'community_id', 'location_id'),
  ...columnsOf(events, 'price_amount', 'currency'),
  ...leftJoined({ community_name: columnOf(communities, 'name'), community_slug: columnOf(communities, 'url_slug') }),
  cursor_at: z.string(),
  attending_count: countField(),
  my_status: columnOf(eventRegistrations, 'status').nullable(),
};
const eventSummaryRow = z.object(summaryShape);
export type EventSummaryRow = z.output<typeof eventSummaryRow>;

const summaryColumns = sql`e.id, e.title, e.starts_at, e.ends_at, e.time_zone, e.venue, e.city, e.cover_image_key, e.status,
  e.visibility, e.capacity, e.going_count, e.waitlist_count, e.community_id, e.location_id, e.price_amount, e.currency,
  c.name as community_name,
  c.url_slug as community_slug, ${exactInstant(sql`e.starts_at`)} as cursor_at, ${attendingCountSql} as attending_count`;

/**
 * One page (or one month) of events the viewer can see, with the viewer's own status on each card, in one
 * statement. Ordered by (starts_at, id): events_starts_idx, or the city/community index when filtered.
 */
export async function listEvents(
  db: DbOrTx,
  viewer: EventsViewer,
  f: EventListFilters,
  page: { cursor: TimeCursor | null; limit: number },
): Promise<EventSummaryRow[]> {
  return rowsOf(await db.execute(eventsListQuery(viewer, f, page)), eventSummaryRow);
}

/** The list's SQL (exported so its plans can be printed on PostgreSQL). */
export function eventsListQuery(viewer: EventsViewer, f: EventListFilters, page: { cursor: TimeCursor | null; limit: number }): SQL {
  const caller = viewer.userId ? sql`${viewer.userId}::uuid` : null;
  const conditions: SQL[] = [visibleEventsFilter(viewer)];
  if (f.city) conditions.push(sql`e.city = ${f.city}`);
  if (f.communityId) conditions.push(sql`e.community_id = ${f.communityId}::uuid`);
  if (f.locationId) conditions.push(sql`e.location_id = ${f.locationId}::uuid`);
  if (f.from) conditions.push(sql`e.starts_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conditions.push(sql`e.starts_at < ${f.to.toISOString()}::timestamptz`);
  // An ended event started before now: the bound keeps the backward scan off the upcoming events.
  if (f.past) conditions.push(sql`e.ends_at < now() and e.starts_at < now()`);
  // The member's few registrations drive "going" (event_registrations_user_idx), not a walk of every event; and
  // the events they created, to which they are going without a registration (decision 025; events_creator_starts_idx).
  if (f.going)
    conditions.push(
      caller
        ? sql`(e.id in (select g.event_id from ${eventRegistrations} g where g.user_id = ${caller} and g.status in ('going', 'waitlisted', 'awaiting_payment'))
            or e.id in (select ce.id from ${events} ce where ce.created_by = ${caller}))`
        : sql`false`,
    );
  const dir = f.past ? sql`desc` : sql`asc`;
  if (page.cursor)
    conditions.push(
      f.past
        ? sql`(e.starts_at, e.id) < (${page.cursor.c}::timestamptz, ${page.cursor.i}::uuid)`
        : sql`(e.starts_at, e.id) > (${page.cursor.c}::timestamptz, ${page.cursor.i}::uuid)`,
    );
  const mine = caller
    ? sql`left join ${eventRegistrations} r on r.event_id = e.id and r.user_id = ${caller}`
    : sql``;
  return sql`
      select ${summaryColumns}, ${caller ? sql`coalesce(r.status, case when e.created_by = ${caller} then 'going' end)` : sql`null::text`} as my_status
      from ${events} e
      left join ${communities} c on c.id = e.community_id
      ${mine}
      where ${sql.join(conditions, sql` and `)}
      order by e.starts_at ${dir}, e.id ${dir}
      limit ${page.limit + 1}`;
}

const eventDetailRow = z.object({
  ...summaryShape,
  ...columnsOf(events, 'description', 'address', 'guests_allowed', 'sequence', 'created_at', 'created_by'),
  ...columnsOf(events, 'refund_cutoff_hours', 'claim_window_hours'),
  hosts: jsonb(z.array(memberJsonSchema.extend({ role: columnOf(eventHosts, 'role'), isCreator: z.boolean() }))),
  going_preview: jsonb(z.array(memberJsonSchema)),
  going_members: countField(),
  going_guests: countField(),
});
export type EventDetailRow = z.output<typeof eventDetailRow>;

/** Members the caller may see in a list of the event's people: active, not blocked either way. */
const visiblePerson = (p: SQL, caller: SQL) => sql`not ${p}.is_deactivated and not ${blockedBetween(sql`${p}.id`, caller)}`;

/**
 * The event page in one statement: the event, its community, and (when `people`: approved callers) the hosts,
 * creator first, then co-hosts, then door helpers, and up to `previewLimit` members going, newest first.
 */
export async function findEventDetail(
  db: DbOrTx,
  eventId: string,
  callerId: string | null,
  people: boolean,
  previewLimit: number,
): Promise<EventDetailRow | null> {
  const caller = callerId ? sql`${callerId}::uuid` : sql`null::uuid`;
  const hosts =
    people && callerId
      ? sql`(select coalesce(json_agg(${memberJson(sql`hp`)}::jsonb || jsonb_build_object('role', h.role, 'isCreator', h.is_creator)
            order by h.is_creator desc, (h.role = 'door'), h.created_at, h.user_id), '[]'::json)
          from (select e.created_by as user_id, 'host'::text as role, true as is_creator, e.created_at
                where e.created_by is not null
                union all
                select eh.user_id, eh.role, false, eh.created_at from ${eventHosts} eh
                where eh.event_id = e.id and eh.user_id is distinct from e.created_by) h
          join ${profiles} hp on hp.id = h.user_id
          where ${visiblePerson(sql`hp`, caller)})`
      : sql`'[]'::json`;
  // Who's going as the caller may see them (decision 025): the creator first (going to their own event, no seat),
  // then members going, newest first; deactivated members and anyone blocked either way are left out of the faces
  // and of the counts beside them, so the numbers never reveal a hidden member.
  const others = sql`g.event_id = e.id and g.status = 'going' and g.user_id is distinct from e.created_by`;
  const preview =
    people && callerId
      ? sql`(select coalesce(json_agg(x.m order by x.host desc, x.created_at desc, x.id desc), '[]'::json) from (
            select ${memberJson(sql`hp`)} as m, true as host, e.created_at, e.id from ${profiles} hp
            where hp.id = e.created_by and ${visiblePerson(sql`hp`, caller)}
            union all
            (select ${memberJson(sql`gp`)} as m, false as host, g.created_at, g.id from ${eventRegistrations} g
            join ${profiles} gp on gp.id = g.user_id
            where ${others} and ${visiblePerson(sql`gp`, caller)}
            order by g.created_at desc, g.id desc limit ${previewLimit})
            order by host desc, created_at desc, id desc limit ${previewLimit}) x)`
      : sql`'[]'::json`;
  const goingMembers =
    people && callerId
      ? sql`((select count(*) from ${profiles} hp where hp.id = e.created_by and ${visiblePerson(sql`hp`, caller)})
          + (select count(*) from ${eventRegistrations} g join ${profiles} gp on gp.id = g.user_id
             where ${others} and ${visiblePerson(sql`gp`, caller)}))::int`
      : sql`0`;
  const goingGuests =
    people && callerId
      ? sql`(select coalesce(sum(g.guests), 0) from ${eventRegistrations} g join ${profiles} gp on gp.id = g.user_id
          where g.event_id = e.id and g.status = 'going' and ${visiblePerson(sql`gp`, caller)})::int`
      : sql`0`;
  const [row] = rowsOf(
    await db.execute(sql`
      select ${summaryColumns}, null::text as my_status, e.description, e.address, e.guests_allowed,
        e.sequence, e.created_at, e.created_by, e.refund_cutoff_hours, e.claim_window_hours, ${hosts} as hosts, ${preview} as going_preview,
        ${goingMembers} as going_members, ${goingGuests} as going_guests
      from ${events} e
      left join ${communities} c on c.id = e.community_id
      where e.id = ${eventId}::uuid`),
    eventDetailRow,
  );
  return row ?? null;
}

/** A community and the caller's membership of it, for creating an event in it. */
export async function findCommunityForEvent(db: DbOrTx, communityId: string, userId: string) {
  const [row] = await db
    .select({ id: communities.id, visibility: communities.visibility, membership_status: communityMembers.status })
    .from(communities)
    .leftJoin(communityMembers, and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, userId)))
    .where(eq(communities.id, communityId));
  return row ?? null;
}

export type NewEvent = typeof events.$inferInsert;

/** Issue 12: whether `locationId` is one of the club's active places (an event's place must be). */
export async function isActivePlace(db: DbOrTx, locationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.active, true)));
  return !!row;
}

export async function insertEvent(db: DbOrTx, values: NewEvent): Promise<string> {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  return row!.id;
}

/** The fields an edit compares against (read under the lock the caller took with loadEventAccess). */
export async function findEventCore(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      starts_at: events.startsAt,
      ends_at: events.endsAt,
      time_zone: events.timeZone,
      venue: events.venue,
      address: events.address,
      city: events.city,
      visibility: events.visibility,
      status: events.status,
      capacity: events.capacity,
      guests_allowed: events.guestsAllowed,
      going_count: events.goingCount,
      community_id: events.communityId,
      community_visibility: communities.visibility,
      created_by: events.createdBy,
      cover_image_key: events.coverImageKey,
      location_id: events.locationId,
      price_amount: events.priceAmount,
      currency: events.currency,
      refund_cutoff_hours: events.refundCutoffHours,
      claim_window_hours: events.claimWindowHours,
      waitlist_count: events.waitlistCount,
    })
    .from(events)
    .leftJoin(communities, eq(communities.id, events.communityId))
    .where(eq(events.id, eventId));
  return row ?? null;
}
export type EventCoreRow = NonNullable<Awaited<ReturnType<typeof findEventCore>>>;

/** Apply an edit; sequence + 1 (the .ics SEQUENCE), updated_at now. */
export async function updateEvent(db: DbOrTx, eventId: string, set: Partial<NewEvent>, opts: { bumpSequence: boolean }) {
  await db
    .update(events)
    .set({ ...set, ...(opts.bumpSequence ? { sequence: sql`${events.sequence} + 1` } : {}), updatedAt: sql`now()` })
    .where(sql`${events.id} = ${eventId}::uuid`);
}

/** Members whose registration holds a seat or a waitlist place, who may hear of a change (active ones). */
export const registeredMembersSql = (eventId: string) =>
  sql`select r.user_id from ${eventRegistrations} r join ${profiles} p on p.id = r.user_id
      where r.event_id = ${eventId}::uuid and r.status in ('going', 'waitlisted', 'awaiting_payment') and not p.is_deactivated`;

/**
 * Active members of a community who should hear of a new event in it: not the creator, not deactivated, not
 * blocked either way with the creator, and able to see the event (approved unless it is public).
 */
export const communityAudienceSql = (communityId: string, creatorId: string, visibility: EventVisibility) =>
  sql`select m.user_id from ${communityMembers} m join ${profiles} p on p.id = m.user_id
      where m.community_id = ${communityId}::uuid and m.status = 'active' and m.user_id <> ${creatorId}::uuid
        and not p.is_deactivated and not ${blockedBetween(sql`m.user_id`, sql`${creatorId}::uuid`)}
        ${visibility === 'public' ? sql`` : sql`and ${approvedMemberSql(sql`p`)}`}`;

// ---------------------------------------------------------------------------------------------------------
// Hosts

const hostCandidateRow = z.object(columnsOf(profiles, 'id'));

/** A member who may become a host: approved, active, not blocked either way with the creator. */
export async function findHostCandidate(db: DbOrTx, userId: string, creatorId: string | null) {
  const [row] = rowsOf(
    await db.execute(sql`
      select p.id from ${profiles} p
      where p.id = ${userId}::uuid and ${approvedMemberSql(sql`p`)}
        ${creatorId ? sql`and not ${blockedBetween(sql`p.id`, sql`${creatorId}::uuid`)}` : sql``}`),
    hostCandidateRow,
  );
  return row ?? null;
}

/** Co-hosts and door helpers besides `except`. */
export async function countHosts(db: DbOrTx, eventId: string, except: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventHosts)
    .where(and(eq(eventHosts.eventId, eventId), ne(eventHosts.userId, except)));
  return row?.n ?? 0;
}

export async function upsertHost(db: DbOrTx, eventId: string, userId: string, role: EventHostRole) {
  await db
    .insert(eventHosts)
    .values({ eventId, userId, role })
    .onConflictDoUpdate({ target: [eventHosts.eventId, eventHosts.userId], set: { role } });
}

export async function deleteHost(db: DbOrTx, eventId: string, userId: string) {
  await db.execute(sql`delete from ${eventHosts} where event_id = ${eventId}::uuid and user_id = ${userId}::uuid`);
}

// ---------------------------------------------------------------------------------------------------------
// Attendees

/** A member's card (memberJson's fields, selected as columns under its names) with their registration. */
const attendeeRow = memberJsonSchema.extend({
  reg_id: columnOf(eventRegistrations, 'id'),
  /** The list asks for one of these two. */
  status: z.enum(['going', 'waitlisted']),
  ...columnsOf(eventRegistrations, 'guests', 'checked_in_at'),
  cursor_at: z.string(),
});
export type AttendeeRow = z.output<typeof attendeeRow>;

/**
 * The event's creator as the caller may see them (not deactivated, not blocked either way), or null: who's going
 * starts with them (decision 025).
 */
export async function findVisibleCreator(db: DbOrTx, eventId: string, callerId: string): Promise<MemberJson | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select p.id, p.full_name as "fullName", p.username, p.profile_picture_url as "profilePictureUrl",
        p.is_verified as "isVerified", p.age, p.city
      from ${events} e join ${profiles} p on p.id = e.created_by
      where e.id = ${eventId}::uuid and ${visiblePerson(sql`p`, sql`${callerId}::uuid`)}`),
    memberJsonSchema,
  );
  return row ?? null;
}

/**
 * Who's going (newest first: event_registrations_going_idx) or the waitlist (first come first served:
 * event_registrations_waitlist_idx), keyset, leaving out deactivated members and anyone blocked either way.
 */
export async function listAttendees(
  db: DbOrTx,
  eventId: string,
  callerId: string,
  status: 'going' | 'waitlisted',
  page: { cursor: TimeCursor | null; limit: number },
): Promise<AttendeeRow[]> {
  const caller = sql`${callerId}::uuid`;
  const going = status === 'going';
  const key = going ? sql`r.created_at` : sql`r.waitlisted_at`;
  const cursor = page.cursor
    ? going
      ? sql`and (r.created_at, r.id) < (${page.cursor.c}::timestamptz, ${page.cursor.i}::uuid)`
      : sql`and (r.waitlisted_at, r.id) > (${page.cursor.c}::timestamptz, ${page.cursor.i}::uuid)`
    : sql``;
  const dir = going ? sql`desc` : sql`asc`;
  return rowsOf(
    await db.execute(sql`
      select p.id, p.full_name as "fullName", p.username, p.profile_picture_url as "profilePictureUrl",
        p.is_verified as "isVerified", p.age, p.city, r.id as reg_id, r.status, r.guests, r.checked_in_at,
        ${exactInstant(key)} as cursor_at
      from ${eventRegistrations} r join ${profiles} p on p.id = r.user_id
      where r.event_id = ${eventId}::uuid and r.status = ${status} ${cursor}
        ${going ? sql`and r.user_id is distinct from (select ev.created_by from ${events} ev where ev.id = ${eventId}::uuid)` : sql``}
        and not p.is_deactivated and ${notBlockedWith(sql`r.user_id`, caller)}
      order by ${key} ${dir}, r.id ${dir}
      limit ${page.limit + 1}`),
    attendeeRow,
  );
}
