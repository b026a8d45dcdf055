import { sql, type SQL } from 'drizzle-orm';
import { eventHosts, eventRegistrations, events } from '../../db/schema/index.js';
import { announcingWith, type BusEventOf } from '../../platform/bus.js';
import { visibleEventsFilter } from './repository.js';

/**
 * A member who checks in at a place (issue 12) is also checked in at the events there that they are going to
 * and that are happening: the event's location is the place, it is scheduled, and now is between `earlyMinutes`
 * before its start and its end. Once: only a registration not yet checked in is marked (by the member themself).
 *
 * Issue 25: this is a part of the place check-in's one statement, not statements of its own. `ctes` are common
 * table expressions (venue_happening, venue_marked, venue_told) the caller puts after its own in one WITH, gated by
 * `when` (an SQL condition: the place check-in was written); `checkedIn` is the JSON array of the events checked
 * in at (`[{ id, title }]`, by id) for the statement's select list. Events are row-locked in id order, then their
 * registrations, the order the door takes them (rsvp-service checkIn), so it cannot deadlock with a door check-in.
 * A registration the door marked while this statement waited for the event's lock is re-read at the newest version
 * by the update (PostgreSQL re-checks `checked_in_at is null` on it), so nobody is checked in twice. The hosts'
 * door list hears of each (`event:checkin`, to the creator and co-hosts), delivered at COMMIT like every publish.
 */
export function venueCheckIn(v: { userId: string; locationId: string; earlyMinutes: number }, when: SQL): { ctes: SQL; checkedIn: SQL } {
  const member = sql`${v.userId}::uuid`;
  const ctes = sql`
    venue_happening as (
      select e.id, e.title from ${events} e
      where ${when} and e.location_id = ${v.locationId}::uuid and e.status = 'scheduled'
        and e.starts_at - ${sql.raw(`interval '${Math.round(v.earlyMinutes)} minutes'`)} <= now() and e.ends_at > now()
        and e.id in (select r.event_id from ${eventRegistrations} r
          where r.user_id = ${member} and r.status = 'going' and r.checked_in_at is null)
        and ${visibleEventsFilter({ userId: v.userId, approved: true, admin: false })}
      order by e.id
      for update of e),
    venue_marked as (
      update ${eventRegistrations} set checked_in_at = now(), checked_in_by = ${member}, updated_at = now()
      where event_id in (select id from venue_happening) and user_id = ${member} and status = 'going' and checked_in_at is null
      returning id, event_id),
    venue_told as (
      select m.event_id, ${announcingWith<BusEventOf<'evt'>, 'id' | 'r' | 'u'>({ k: 'evt', t: 'checkin' }, {
        id: sql`m.event_id`,
        r: sql`m.id`,
        u: sql`array(select created_by from ${events} where id = m.event_id and created_by is not null
          union select user_id from ${eventHosts} where event_id = m.event_id)`,
      })}
      from venue_marked m)`;
  const checkedIn = sql`(select coalesce(json_agg(json_build_object('id', h.id, 'title', h.title) order by h.id), '[]')
    from venue_happening h where h.id in (select event_id from venue_told))`;
  return { ctes, checkedIn };
}
