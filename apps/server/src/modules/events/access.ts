import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { communities, communityMembers, eventHosts, events, profiles } from '../../db/schema/index.js';
import { blockedBetween } from '../access/index.js';
import type { EventAccessFacts } from './policy.js';
import { columnOf, columnsOf, leftJoined, rowsOf } from '../../platform/sql.js';

/** The columns eventAccessSql selects, as they come back (to spread into the row of a query that selects them). */
export const eventAccessShape = {
  ...columnsOf(events, 'visibility', 'status', 'ends_at', 'created_by', 'community_id'),
  ...leftJoined({
    community_visibility: columnOf(communities, 'visibility'),
    membership_status: columnOf(communityMembers, 'status'),
    membership_role: columnOf(communityMembers, 'role'),
    host_role: columnOf(eventHosts, 'role'),
  }),
  hidden: z.boolean(),
};
export type EventAccessRow = z.output<z.ZodObject<typeof eventAccessShape>>;
const eventAccessRow = z.object({ id: columnOf(events, 'id'), ...eventAccessShape });

/**
 * The facts eventViewer needs about event `e` and `caller` (SQL: a uuid, a column such as r.user_id, or null for a
 * visitor): columns to select and the joins that give them. One definition for the event page, the calendar feed
 * and the reminders, so each asks eventViewer the same question.
 */
export function eventAccessSql(caller: SQL) {
  return {
    columns: sql`e.visibility, e.status, e.ends_at, e.created_by, e.community_id,
        c.visibility as community_visibility, m.status as membership_status, m.role as membership_role,
        h.role as host_role,
        (coalesce(cp.is_deactivated, false)
          or (${caller} is not null and e.created_by is not null and ${blockedBetween(sql`e.created_by`, caller)})) as hidden`,
    joins: sql`left join ${communities} c on c.id = e.community_id
      left join ${communityMembers} m on m.community_id = e.community_id and m.user_id = ${caller}
      left join ${eventHosts} h on h.event_id = e.id and h.user_id = ${caller}
      left join ${profiles} cp on cp.id = e.created_by`,
  };
}

export function eventAccessFactsOf(row: EventAccessRow): EventAccessFacts {
  return {
    visibility: row.visibility,
    status: row.status,
    endsAt: new Date(row.ends_at),
    createdBy: row.created_by,
    communityId: row.community_id,
    communityVisibility: row.community_visibility,
    membershipStatus: row.membership_status,
    membershipRole: row.membership_role,
    hostRole: row.host_role,
    hiddenFromCaller: row.hidden,
  };
}

/**
 * The facts eventViewer needs about one event and the caller, in one statement; null when no such event.
 * `lock` takes the event row's lock (FOR UPDATE OF e): every write that changes seats, hosts or the event itself
 * runs under it, so RSVPs, promotions, edits and cancellation are serialised per event.
 */
export async function loadEventAccess(
  db: DbOrTx,
  eventId: string,
  callerId: string | null,
  opts: { lock?: boolean } = {},
): Promise<(EventAccessFacts & { id: string }) | null> {
  const access = eventAccessSql(callerId ? sql`${callerId}::uuid` : sql`null::uuid`);
  const [row] = rowsOf(
    await db.execute(sql`
      select e.id, ${access.columns}
      from ${events} e
      ${access.joins}
      where e.id = ${eventId}::uuid
      ${opts.lock ? sql`for update of e` : sql``}`),
    eventAccessRow,
  );
  return row ? { id: row.id, ...eventAccessFactsOf(row) } : null;
}
