import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { eventRegistrations, events } from '../../db/schema/index.js';
import { publish } from '../../platform/bus.js';
import { visibleEventsFilter } from './repository.js';
import { columnsOf, rowsOf } from '../../platform/sql.js';
import { doorStaff } from './rsvp-repository.js';

const happeningRow = z.object(columnsOf(events, 'id', 'title'));
const markedRow = z.object(columnsOf(eventRegistrations, 'id', 'event_id'));

/**
 * A member who checks in at a place (issue 12) is also checked in at the events there that they are going to
 * and that are happening: the event's location is the place, it is scheduled, and now is between `earlyMinutes`
 * before its start and its end. Once: only a registration not yet checked in is marked (by the member themself).
 * Runs in the caller's transaction, under each event's row lock then the registration's, in the order the door
 * takes them (rsvp-service checkIn), so it cannot deadlock with a door check-in; the hosts' door list hears of it
 * (`event:checkin`). Answers the events checked in at.
 */
export async function checkInAtVenue(
  tx: DbOrTx,
  v: { userId: string; locationId: string; earlyMinutes: number },
): Promise<Array<{ id: string; title: string }>> {
  const member = sql`${v.userId}::uuid`;
  const happening = rowsOf(
    await tx.execute(sql`
      select e.id, e.title from ${events} e
      where e.location_id = ${v.locationId}::uuid and e.status = 'scheduled'
        and e.starts_at - ${sql.raw(`interval '${Math.round(v.earlyMinutes)} minutes'`)} <= now() and e.ends_at > now()
        and e.id in (select r.event_id from ${eventRegistrations} r
          where r.user_id = ${member} and r.status = 'going' and r.checked_in_at is null)
        and ${visibleEventsFilter({ userId: v.userId, approved: true, admin: false })}
      order by e.id
      for update of e`),
    happeningRow,
  );
  if (!happening.length) return [];
  const marked = rowsOf(
    await tx.execute(sql`
      update ${eventRegistrations} set checked_in_at = now(), checked_in_by = ${member}, updated_at = now()
      where event_id in (${sql.join(happening.map((e) => sql`${e.id}::uuid`), sql`, `)})
        and user_id = ${member} and status = 'going' and checked_in_at is null
      returning id, event_id`),
    markedRow,
  );
  for (const reg of marked) {
    await publish(tx, { k: 'evt', id: reg.event_id, t: 'checkin', u: await doorStaff(tx, reg.event_id), r: reg.id });
  }
  const done = new Set(marked.map((r) => r.event_id));
  return happening.filter((e) => done.has(e.id));
}
