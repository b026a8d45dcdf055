import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { REPORT_REASONS, REPORT_RESOLUTIONS, REPORT_TARGETS, type ReportQueueQuery, type ReportResolution, type ReportTarget } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  communities,
  communityMembers,
  events,
  locations,
  messages,
  postComments,
  posts,
  profiles,
  reports,
} from '../../db/schema/index.js';
import { exactInstant, type TimeCursor } from '../../platform/cursor.js';
import { count, rowsOf, timestamp, uuid } from '../../platform/sql.js';
import { memberJson, memberJsonSchema } from '../access/index.js';

/** Who sees which reports: everything (admins, platform moderators) or the communities the caller moderates. */
export type QueueScope = { all: true; callerId: string } | { all: false; callerId: string };

/** The communities `caller` moderates (creator or moderator, active): the community staff's scope, in SQL. */
const staffCommunities = (caller: SQL) =>
  sql`(select cm.community_id from ${communityMembers} cm where cm.user_id = ${caller} and cm.status = 'active' and cm.role in ('creator', 'moderator'))`;

const scopeFilter = (scope: QueueScope) =>
  scope.all ? sql`true` : sql`r.community_id in ${staffCommunities(sql`${scope.callerId}::uuid`)}`;

/** The reported thing's type, from which of the report's columns is set (a shared message is a message report). */
const targetTypeSql = sql`case when r.post_id is not null then 'post' when r.comment_id is not null then 'comment'
  when r.event_id is not null then 'event' when r.location_id is not null then 'place'
  when r.message_id is not null then 'message' else 'member' end`;

const TYPE_FILTER: Record<ReportTarget, SQL> = {
  post: sql`r.post_id is not null`,
  comment: sql`r.comment_id is not null`,
  event: sql`r.event_id is not null`,
  place: sql`r.location_id is not null`,
  message: sql`r.message_id is not null`,
  member: sql`(r.post_id is null and r.comment_id is null and r.event_id is null and r.location_id is null and r.message_id is null)`,
};

/**
 * Report `o` is about the same thing as report `r` (aliases). Same target means same reported member, so the
 * reported_user_id index finds the candidates; the target's own column then decides.
 */
const sameTarget = sql`coalesce(case when r.post_id is not null then o.post_id = r.post_id
    when r.comment_id is not null then o.comment_id = r.comment_id
    when r.event_id is not null then o.event_id = r.event_id
    when r.location_id is not null then o.location_id = r.location_id
    when r.message_id is not null then o.message_id = r.message_id
    else (o.post_id is null and o.comment_id is null and o.event_id is null and o.location_id is null and o.message_id is null) end, false)`;

const earlierJson = (filter: SQL, limit: number) => sql`(select coalesce(json_agg(json_build_object(
      'id', x.id, 'reason', x.reason, 'status', case when x.status = 'open' then 'open' else 'resolved' end,
      'resolution', x.resolution, 'createdAt', ${exactInstant(sql`x.created_at`)}) order by x.created_at desc, x.id desc), '[]'::json)
    from (select o.id, o.reason, o.status, o.resolution, o.created_at from ${reports} o
      where o.reported_user_id = r.reported_user_id and o.id <> r.id and ${filter}
      order by o.created_at desc, o.id desc limit ${limit}) x)`;

const earlierShape = z.array(
  z.object({
    id: uuid(),
    reason: z.enum(REPORT_REASONS),
    status: z.enum(['open', 'resolved']),
    resolution: z.enum(REPORT_RESOLUTIONS).nullable(),
    createdAt: z.string(),
  }),
);

export const queueRow = z.object({
  id: uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(['open', 'reviewed', 'dismissed']),
  resolution: z.enum(REPORT_RESOLUTIONS).nullable(),
  resolved_at: timestamp().nullable(),
  created_at: timestamp(),
  cursor_at: z.string(),
  target_type: z.enum(REPORT_TARGETS),
  post_id: uuid().nullable(),
  comment_id: uuid().nullable(),
  comment_post_id: uuid().nullable(),
  event_id: uuid().nullable(),
  location_id: uuid().nullable(),
  message_id: uuid().nullable(),
  community_id: uuid().nullable(),
  community_name: z.string().nullable(),
  reported_user_id: uuid(),
  text: z.string().nullable(),
  image_count: count(),
  target_gone: z.boolean(),
  post_hidden: z.boolean(),
  event_cancelled: z.boolean(),
  place_inactive: z.boolean(),
  event_title: z.string().nullable(),
  event_starts_at: timestamp().nullable(),
  place_name: z.string().nullable(),
  place_city: z.string().nullable(),
  target_created_at: timestamp().nullable(),
  author: memberJsonSchema.nullable(),
  author_suspended: z.boolean(),
  reporter: memberJsonSchema.nullable(),
  reporter_id: uuid().nullable(),
  caller_moderates: z.boolean(),
  same_target_count: count(),
  same_author_count: count(),
  same_target: earlierShape,
  same_author: earlierShape,
});
export type QueueRow = z.output<typeof queueRow>;

/** Every fact an item of the queue shows, for reports `r` chosen by `where` (one statement, by primary keys). */
function itemSelect(callerId: string, where: SQL, tail: SQL, earlierListed: number) {
  const caller = sql`${callerId}::uuid`;
  return sql`
    select r.id, r.reason, r.details, r.status, r.resolution, r.resolved_at, r.created_at,
      ${exactInstant(sql`r.created_at`)} as cursor_at, ${targetTypeSql} as target_type,
      r.post_id, r.comment_id, tc.post_id as comment_post_id, r.event_id, r.location_id, r.message_id,
      r.community_id, c.name as community_name, r.reported_user_id, r.reporter_id,
      case when r.post_id is not null then tp.content when r.comment_id is not null then tc.content
        when r.message_id is not null then tm.content else null end as text,
      case when r.post_id is not null then coalesce(cardinality(tp.image_keys), 0) else 0 end as image_count,
      ((r.post_id is not null and tp.id is null) or (r.comment_id is not null and tc.id is null)
        or (r.message_id is not null and tm.id is null)) as target_gone,
      coalesce(tp.hidden_at is not null, false) as post_hidden,
      coalesce(te.status = 'cancelled', false) as event_cancelled,
      coalesce(not tl.active, false) as place_inactive,
      te.title as event_title, te.starts_at as event_starts_at, tl.name as place_name, tl.city as place_city,
      coalesce(tp.created_at, tc.created_at, tm.created_at, te.created_at) as target_created_at,
      case when ap.id is null then null else ${memberJson(sql`ap`)} end as author,
      coalesce(ap.suspended_at is not null, false) as author_suspended,
      case when rp.id is null then null else ${memberJson(sql`rp`)} end as reporter,
      (r.community_id is not null and r.community_id in ${staffCommunities(caller)}) as caller_moderates,
      (select count(*) from ${reports} o where o.reported_user_id = r.reported_user_id and o.id <> r.id and ${sameTarget}) as same_target_count,
      (select count(*) from ${reports} o where o.reported_user_id = r.reported_user_id and o.id <> r.id and not ${sameTarget}) as same_author_count,
      ${earlierJson(sameTarget, earlierListed)} as same_target,
      ${earlierJson(sql`not ${sameTarget}`, earlierListed)} as same_author
    from ${reports} r
    left join ${posts} tp on tp.id = r.post_id
    left join ${postComments} tc on tc.id = r.comment_id
    left join ${events} te on te.id = r.event_id
    left join ${locations} tl on tl.id = r.location_id
    left join ${messages} tm on tm.id = r.message_id
    left join ${communities} c on c.id = r.community_id
    left join ${profiles} ap on ap.id = r.reported_user_id
    left join ${profiles} rp on rp.id = r.reporter_id
    where ${where}
    ${tail}`;
}

/**
 * A page of the queue: open reports oldest first (who waited longest), resolved ones newest first; keyset on
 * (created_at, id) exact to the microsecond. The open list walks reports_open_created_idx, a community's list
 * reports_community_status_idx, the resolved list reports_status_created_idx.
 */
export async function queuePage(
  db: DbOrTx,
  scope: QueueScope,
  q: Required<Pick<ReportQueueQuery, 'status'>> & Pick<ReportQueueQuery, 'type' | 'communityId'>,
  cursor: TimeCursor | null,
  limit: number,
  earlierListed: number,
): Promise<QueueRow[]> {
  const open = q.status === 'open';
  const conditions = [
    open ? sql`r.status = 'open'` : sql`r.status in ('reviewed', 'dismissed')`,
    scopeFilter(scope),
    q.type ? TYPE_FILTER[q.type] : sql`true`,
    q.communityId ? sql`r.community_id = ${q.communityId}::uuid` : sql`true`,
    cursor
      ? open
        ? sql`(r.created_at, r.id) > (${cursor.c}::timestamptz, ${cursor.i}::uuid)`
        : sql`(r.created_at, r.id) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)`
      : sql`true`,
  ];
  const order = open ? sql`order by r.created_at asc, r.id asc` : sql`order by r.created_at desc, r.id desc`;
  return rowsOf(
    await db.execute(itemSelect(scope.callerId, sql.join(conditions, sql` and `), sql`${order} limit ${limit + 1}`, earlierListed)),
    queueRow,
  );
}

/** One report as the queue shows it, whoever's scope (the service decides who may see it); null when unknown. */
export async function queueItem(db: DbOrTx, callerId: string, reportId: string, earlierListed: number): Promise<QueueRow | null> {
  const [row] = rowsOf(await db.execute(itemSelect(callerId, sql`r.id = ${reportId}::uuid`, sql``, earlierListed)), queueRow);
  return row ?? null;
}

/** Lock a report's row (an action runs under it: two moderators acting at once act once). */
export async function lockReport(tx: DbOrTx, reportId: string) {
  const [row] = rowsOf(
    await tx.execute(sql`select r.id, r.status from ${reports} r where r.id = ${reportId}::uuid for update`),
    z.object({ id: uuid(), status: z.enum(['open', 'reviewed', 'dismissed']) }),
  );
  return row ?? null;
}

/**
 * Close every open report on the same target as report `reportId` (that one included): resolution, who, when.
 * Answers the reporters of the closed reports (for their "your report was handled" notice).
 */
export async function closeSameTarget(tx: DbOrTx, reportId: string, resolution: ReportResolution, resolvedBy: string) {
  const status = resolution === 'dismissed' ? 'dismissed' : 'reviewed';
  return rowsOf(
    await tx.execute(sql`
      update ${reports} o set status = ${status}, resolution = ${resolution}, resolved_by = ${resolvedBy}::uuid, resolved_at = now()
      from ${reports} r
      where r.id = ${reportId}::uuid and o.status = 'open' and o.reported_user_id = r.reported_user_id
        and (o.id = r.id or ${sameTarget})
      returning o.id, o.reporter_id`),
    z.object({ id: uuid(), reporter_id: uuid().nullable() }),
  );
}

/** Has any report on this post been resolved by removing it? (A later dismissal must not show it again.) */
export async function postWasRemoved(db: DbOrTx, postId: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`select 1 as one from ${reports} where post_id = ${postId}::uuid and resolution = 'removed' limit 1`),
    z.object({ one: z.number() }),
  );
  return rows.length > 0;
}

/** Event and place reports: one open report per reporter and target (the partial unique indexes decide a race). */
export async function insertTargetReport(
  tx: DbOrTx,
  r: {
    reporterId: string;
    reportedUserId: string;
    target: { eventId: string } | { locationId: string };
    communityId: string | null;
    reason: string;
    details: string | null;
  },
): Promise<string | null> {
  const [column, id] = 'eventId' in r.target ? [sql.raw('event_id'), r.target.eventId] : [sql.raw('location_id'), r.target.locationId];
  const [row] = rowsOf(
    await tx.execute(sql`
      insert into ${reports} (reporter_id, reported_user_id, reason, details, ${column}, community_id)
      values (${r.reporterId}::uuid, ${r.reportedUserId}::uuid, ${r.reason}, ${r.details}, ${id}::uuid, ${r.communityId}::uuid)
      on conflict (reporter_id, ${column}) where ${column} is not null and status = 'open' do nothing
      returning id`),
    z.object({ id: uuid() }),
  );
  return row?.id ?? null;
}

/** Who made a place (its reports are about them); null when unknown or its creator's account is gone. */
export async function placeCreator(db: DbOrTx, locationId: string): Promise<string | null> {
  const [row] = rowsOf(
    await db.execute(sql`select created_by from ${locations} where id = ${locationId}::uuid`),
    z.object({ created_by: uuid().nullable() }),
  );
  return row?.created_by ?? null;
}

/** The event's title for the audit entry and the notices. */
export async function eventTitle(db: DbOrTx, eventId: string): Promise<string | null> {
  const [row] = rowsOf(await db.execute(sql`select title from ${events} where id = ${eventId}::uuid`), z.object({ title: z.string() }));
  return row?.title ?? null;
}
