import { sql, type SQL } from 'drizzle-orm';
import { MEMBER_STATE_SQL, stateSql } from '../admin/index.js';
import { z } from 'zod';
import type { CrmFilters, CrmSort, SortDirection } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  communities,
  communityMembers,
  crmNotes,
  crmSegments,
  crmTags,
  eventPayments,
  eventRegistrations,
  events,
  jobRuns,
  locationCheckIns,
  locations,
  memberEngagement,
  posts,
  profiles,
} from '../../db/schema/index.js';
import { exactInstant, nameSortKey } from '../../platform/cursor.js';
import { columnsOf, containsPattern, count, jsonb, rowsOf, textArray, textList, timestamp, uuid } from '../../platform/sql.js';
import type { OrganisedCommunity } from './policy.js';

/** Who the caller may see: everyone (CRM staff) or the active members of these communities (organisers). */
export type MemberScope = { all: true } | { all: false; communityIds: string[] };

const CLUB_ZONE = 'America/New_York';
const uuidList = (ids: readonly string[]) => sql`(${textArray(ids)})::uuid[]`;

// --------------------------------------------------------------------------------------------------------------
// The caller's communities (read live: an organiser who lost the role loses the scope on the next request)

const organisedRow = z.object({ id: z.string(), name: z.string(), role: z.enum(['creator', 'moderator']) });

export async function organisedCommunities(db: DbOrTx, userId: string): Promise<OrganisedCommunity[]> {
  const res = await db.execute(sql`
    select c.id, c.name, cm.role from ${communityMembers} cm join ${communities} c on c.id = cm.community_id
    where cm.user_id = ${userId}::uuid and cm.status = 'active' and cm.role in ('creator', 'moderator')
    order by lower(c.name), c.id limit 200`);
  return rowsOf(res, organisedRow);
}

const communityChoiceRow = z.object({ id: uuid(), name: z.string() });

/** Every community, A-Z (communities_name_idx), for CRM staff's community filter. */
export async function allCommunities(db: DbOrTx, limit: number) {
  const res = await db.execute(sql`select c.id, c.name from ${communities} c order by lower(c.name), c.id limit ${limit}`);
  return rowsOf(res, communityChoiceRow);
}

/** When the figures were last rebuilt: the job's last finish (job_runs), null before the first run. */
export async function figuresAsOf(db: DbOrTx): Promise<string | Date | null> {
  const res = await db.execute(sql`select last_finished_at from ${jobRuns} where name = 'crm-engagement'`);
  return rowsOf(res, z.object({ last_finished_at: timestamp().nullable() }))[0]?.last_finished_at ?? null;
}

// --------------------------------------------------------------------------------------------------------------
// The members table



/** The organisers' scope: active members of their communities whose own account is active. */
function scopeWhere(scope: MemberScope): SQL {
  if (scope.all) return sql`true`;
  if (scope.communityIds.length === 0) return sql`false`;
  return sql`p.suspended_at is null and not p.is_deactivated and exists (
    select 1 from ${communityMembers} sc where sc.user_id = p.id and sc.status = 'active' and sc.community_id = any(${uuidList(scope.communityIds)}))`;
}

const FIGURE_COLUMN = {
  rsvps: sql`coalesce(e.rsvps, 0)`,
  attended: sql`coalesce(e.attended, 0)`,
  no_shows: sql`coalesce(e.no_shows, 0)`,
  check_ins: sql`coalesce(e.check_ins, 0)`,
  paid_events: sql`coalesce(e.paid_events, 0)`,
  posts: sql`coalesce(e.posts, 0)`,
  connections: sql`coalesce(e.connections, 0)`,
} as const;

/**
 * Each sort's key: never null (never active sorts as the oldest), numeric or text, with the member id to break ties;
 * the cursor carries the key as the text PostgreSQL wrote, so it is compared exactly (microseconds included).
 */
const SORT_KEY: Record<CrmSort, { expr: SQL; cast: SQL }> = {
  name: { expr: nameSortKey(sql`p.full_name`), cast: sql`text` },
  joined: { expr: sql`extract(epoch from p.created_at)`, cast: sql`numeric` },
  last_active: { expr: sql`coalesce(extract(epoch from p.last_active_at), -1)`, cast: sql`numeric` },
  rsvps: { expr: FIGURE_COLUMN.rsvps, cast: sql`integer` },
  attended: { expr: FIGURE_COLUMN.attended, cast: sql`integer` },
  no_shows: { expr: FIGURE_COLUMN.no_shows, cast: sql`integer` },
  check_ins: { expr: FIGURE_COLUMN.check_ins, cast: sql`integer` },
  paid_events: { expr: FIGURE_COLUMN.paid_events, cast: sql`integer` },
  posts: { expr: FIGURE_COLUMN.posts, cast: sql`integer` },
  connections: { expr: FIGURE_COLUMN.connections, cast: sql`integer` },
  score: { expr: sql`coalesce(e.score, 0)::numeric`, cast: sql`numeric` },
};

export interface MembersCursor {
  k: string;
  i: string;
}

function filterWhere(f: CrmFilters, scope: MemberScope): SQL[] {
  const where: SQL[] = [scopeWhere(scope)];
  if (f.q) {
    const pattern = containsPattern(f.q);
    where.push(sql`(p.full_name ilike ${pattern} escape '\\' or p.username ilike ${pattern} escape '\\' or p.email ilike ${pattern} escape '\\')`);
  }
  if (f.type) where.push(sql`p.account_type = ${f.type}`);
  if (f.state) where.push(stateSql(f.state));
  if (f.city) where.push(sql`p.city = ${f.city}`);
  if (f.interests?.length) where.push(sql`p.interests && ${textArray(f.interests)}`);
  if (f.community) {
    where.push(sql`exists (select 1 from ${communityMembers} fc where fc.user_id = p.id and fc.community_id = ${f.community}::uuid and fc.status = 'active')`);
  }
  if (f.joinedFrom) where.push(sql`p.created_at >= (${f.joinedFrom}::date::timestamp at time zone ${CLUB_ZONE})`);
  if (f.joinedTo) where.push(sql`p.created_at < ((${f.joinedTo}::date + 1)::timestamp at time zone ${CLUB_ZONE})`);
  if (f.activeFrom) where.push(sql`p.last_active_at >= (${f.activeFrom}::date::timestamp at time zone ${CLUB_ZONE})`);
  if (f.activeTo) where.push(sql`p.last_active_at < ((${f.activeTo}::date + 1)::timestamp at time zone ${CLUB_ZONE})`);
  if (f.minRsvps !== undefined) where.push(sql`${FIGURE_COLUMN.rsvps} >= ${f.minRsvps}`);
  if (f.minAttended !== undefined) where.push(sql`${FIGURE_COLUMN.attended} >= ${f.minAttended}`);
  if (f.minNoShows !== undefined) where.push(sql`${FIGURE_COLUMN.no_shows} >= ${f.minNoShows}`);
  if (f.minCheckIns !== undefined) where.push(sql`${FIGURE_COLUMN.check_ins} >= ${f.minCheckIns}`);
  if (f.minPaidEvents !== undefined) where.push(sql`${FIGURE_COLUMN.paid_events} >= ${f.minPaidEvents}`);
  if (f.minConnections !== undefined) where.push(sql`${FIGURE_COLUMN.connections} >= ${f.minConnections}`);
  if (f.tag) where.push(sql`exists (select 1 from ${crmTags} ft where ft.member_id = p.id and ft.tag = ${f.tag})`);
  return where;
}

const memberRow = z.object({
  ...columnsOf(profiles, 'id', 'full_name', 'username', 'email', 'profile_picture_url', 'account_type', 'city', 'interests', 'bio'),
  state: z.enum(['active', 'pending', 'rejected', 'deactivated', 'suspended']),
  created_at: timestamp(),
  last_active_at: timestamp().nullable(),
  rsvps: z.number().int(),
  attended: z.number().int(),
  no_shows: z.number().int(),
  check_ins: z.number().int(),
  paid_events: z.number().int(),
  posts: z.number().int(),
  connections: z.number().int(),
  score: z.number(),
  sort_key: z.string(),
  tags: textList().nullable(),
});
export type MemberRow = z.output<typeof memberRow>;

const MEMBER_COLUMNS = sql`p.id, p.full_name, p.username, p.email, p.profile_picture_url, p.account_type, p.city, p.interests, p.bio,
  ${MEMBER_STATE_SQL} as state, p.created_at, p.last_active_at,
  ${FIGURE_COLUMN.rsvps} as rsvps, ${FIGURE_COLUMN.attended} as attended, ${FIGURE_COLUMN.no_shows} as no_shows,
  ${FIGURE_COLUMN.check_ins} as check_ins, ${FIGURE_COLUMN.paid_events} as paid_events, ${FIGURE_COLUMN.posts} as posts,
  ${FIGURE_COLUMN.connections} as connections, coalesce(e.score, 0)::float8 as score`;

/**
 * One page of the CRM's members in one statement, `limit + 1` rows (the extra one says there is a next page). The
 * scope, the filters, the sort and the keyset are all in SQL: the club is never read whole into the process.
 */
export async function membersPage(
  db: DbOrTx,
  f: CrmFilters,
  scope: MemberScope,
  sort: CrmSort,
  dir: SortDirection,
  cursor: MembersCursor | null,
  limit: number,
  opts: { tags?: boolean } = {},
) {
  const where = filterWhere(f, scope);
  const key = SORT_KEY[sort];
  const order = dir === 'asc' ? sql`asc` : sql`desc`;
  if (cursor) {
    const cmp = dir === 'asc' ? sql`>` : sql`<`;
    where.push(sql`(${key.expr}, p.id) ${cmp} (${cursor.k}::${key.cast}, ${cursor.i}::uuid)`);
  }
  const tags = opts.tags
    ? sql`array(select t.tag from ${crmTags} t where t.member_id = p.id order by t.tag)::text[]`
    : sql`null::text[]`;
  const query = sql`
    select ${MEMBER_COLUMNS}, (${key.expr})::text as sort_key, ${tags} as tags
    from ${profiles} p left join ${memberEngagement} e on e.member_id = p.id
    where ${sql.join(where, sql` and `)}
    order by ${key.expr} ${order}, p.id ${order} limit ${limit + 1}`;
  if (!f.q) return rowsOf(await db.execute(query), memberRow);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return rowsOf(await tx.execute(query), memberRow);
  });
}

/** Validates a cursor's key for its sort (so a tampered cursor is a 400, never a SQL error). */
export function isSortKey(sort: CrmSort, k: unknown): k is string {
  if (typeof k !== 'string' || k.length > 400) return false;
  if (sort === 'name') return true;
  if (SORT_KEY[sort].cast === SORT_KEY.rsvps.cast) return /^-?\d{1,9}$/.test(k);
  return /^-?\d{1,15}(\.\d{1,9})?$/.test(k);
}

// --------------------------------------------------------------------------------------------------------------
// A member's card

const cardRow = memberRow.omit({ sort_key: true, tags: true }).extend({ is_verified: z.boolean() });
export type CardRow = z.output<typeof cardRow>;

export async function memberCard(db: DbOrTx, memberId: string, scope: MemberScope) {
  const res = await db.execute(sql`
    select ${MEMBER_COLUMNS}, p.is_verified
    from ${profiles} p left join ${memberEngagement} e on e.member_id = p.id
    where p.id = ${memberId}::uuid and ${scopeWhere(scope)}`);
  return rowsOf(res, cardRow)[0] ?? null;
}

export async function memberVisible(db: DbOrTx, memberId: string, scope: MemberScope) {
  const res = await db.execute(sql`select p.id, p.full_name, p.username from ${profiles} p where p.id = ${memberId}::uuid and ${scopeWhere(scope)}`);
  return rowsOf(res, z.object(columnsOf(profiles, 'id', 'full_name', 'username')))[0] ?? null;
}

export interface TimelineCursor {
  c: string;
  k: string;
  i: string;
}

const timelineRow = z.object({
  kind: z.enum(['joined', 'post', 'rsvp', 'attended', 'no_show', 'check_in', 'payment']),
  at: timestamp(),
  at_key: z.string(),
  label: z.string().nullable(),
  target_id: z.string().nullable(),
  item_id: z.string(),
});
export type TimelineRow = z.output<typeof timelineRow>;

/**
 * A member's engagement timeline, newest first, keyset (at, kind, item id). For organisers only what happened in
 * their communities (posts there, their events) and the day the member joined.
 */
export async function timeline(db: DbOrTx, memberId: string, scope: MemberScope, cursor: TimelineCursor | null, limit: number) {
  const m = sql`${memberId}::uuid`;
  const where: SQL[] = [sql`true`];
  if (!scope.all) where.push(sql`(t.kind = 'joined' or t.community_id = any(${uuidList(scope.communityIds)}))`);
  if (cursor) where.push(sql`(t.at, t.kind, t.item_id) < (${cursor.c}::timestamptz, ${cursor.k}, ${cursor.i}::uuid)`);
  const res = await db.execute(sql`
    select t.kind, t.at, ${exactInstant(sql`t.at`)} as at_key, t.label, t.target_id, t.item_id from (
      select 'joined'::text as kind, p.created_at as at, null::text as label, null::uuid as target_id, p.id as item_id, null::uuid as community_id
        from ${profiles} p where p.id = ${m}
      union all
      select 'post', po.created_at, left(po.content, 80), po.id, po.id, po.community_id from ${posts} po where po.author_id = ${m}
      union all
      select 'rsvp', er.created_at, ev.title, ev.id, er.id, ev.community_id
        from ${eventRegistrations} er join ${events} ev on ev.id = er.event_id where er.user_id = ${m} and er.status = 'going'
      union all
      select 'attended', er.checked_in_at, ev.title, ev.id, er.id, ev.community_id
        from ${eventRegistrations} er join ${events} ev on ev.id = er.event_id where er.user_id = ${m} and er.checked_in_at is not null
      union all
      select 'no_show', ev.ends_at, ev.title, ev.id, er.id, ev.community_id
        from ${eventRegistrations} er join ${events} ev on ev.id = er.event_id
        where er.user_id = ${m} and er.status = 'going' and er.checked_in_at is null and ev.ends_at < now() and ev.status <> 'cancelled'
      union all
      select 'check_in', c.created_at, l.name, l.id, c.id, null::uuid
        from ${locationCheckIns} c join ${locations} l on l.id = c.location_id where c.user_id = ${m}
      union all
      select 'payment', pay.paid_at, ev.title, ev.id, pay.id, ev.community_id
        from ${eventPayments} pay left join ${events} ev on ev.id = pay.event_id
        where pay.user_id = ${m} and pay.status = 'paid' and pay.paid_at is not null
    ) t where ${sql.join(where, sql` and `)}
    order by t.at desc, t.kind desc, t.item_id desc limit ${limit + 1}`);
  return rowsOf(res, timelineRow);
}

// --------------------------------------------------------------------------------------------------------------
// Notes and tags

const noteRow = z.object({
  ...columnsOf(crmNotes, 'id', 'member_id', 'author_id', 'body'),
  created_at: timestamp(),
  author_name: z.string().nullable(),
});
export type NoteRow = z.output<typeof noteRow>;

export async function notesOf(db: DbOrTx, memberId: string, limit: number) {
  const res = await db.execute(sql`
    select n.id, n.member_id, n.author_id, n.body, n.created_at, coalesce(a.full_name, a.username) as author_name
    from ${crmNotes} n left join ${profiles} a on a.id = n.author_id
    where n.member_id = ${memberId}::uuid order by n.created_at desc, n.id desc limit ${limit}`);
  return rowsOf(res, noteRow);
}

export async function insertNote(tx: DbOrTx, memberId: string, authorId: string, body: string) {
  const res = await tx.execute(sql`
    with n as (insert into ${crmNotes} (member_id, author_id, body) values (${memberId}::uuid, ${authorId}::uuid, ${body}) returning *)
    select n.id, n.member_id, n.author_id, n.body, n.created_at, coalesce(a.full_name, a.username) as author_name
    from n left join ${profiles} a on a.id = n.author_id`);
  return rowsOf(res, noteRow)[0]!;
}

export async function lockNote(tx: DbOrTx, noteId: string) {
  const res = await tx.execute(sql`
    select n.id, n.member_id, n.author_id, n.body, n.created_at, null::text as author_name
    from ${crmNotes} n where n.id = ${noteId}::uuid for update`);
  return rowsOf(res, noteRow)[0] ?? null;
}

export async function deleteNote(tx: DbOrTx, noteId: string) {
  await tx.execute(sql`delete from ${crmNotes} where id = ${noteId}::uuid`);
}

export async function tagsOf(db: DbOrTx, memberId: string) {
  const res = await db.execute(sql`select tag from ${crmTags} where member_id = ${memberId}::uuid order by tag`);
  return rowsOf(res, z.object({ tag: z.string() })).map((r) => r.tag);
}

/** Adds a tag under the member's row lock (the per-member cap holds against two writers); false when it was there. */
export async function addTag(tx: DbOrTx, memberId: string, tag: string, by: string, max: number): Promise<'added' | 'exists' | 'full'> {
  await tx.execute(sql`select 1 from ${profiles} where id = ${memberId}::uuid for update`);
  const res = await tx.execute(sql`
    select count(*) as n, bool_or(tag = ${tag}) as has from ${crmTags} where member_id = ${memberId}::uuid`);
  const row = rowsOf(res, z.object({ n: count(), has: z.boolean().nullable() }))[0]!;
  if (row.has) return 'exists';
  if (row.n >= max) return 'full';
  await tx.execute(sql`insert into ${crmTags} (member_id, tag, created_by) values (${memberId}::uuid, ${tag}, ${by}::uuid) on conflict do nothing`);
  return 'added';
}

export async function removeTag(tx: DbOrTx, memberId: string, tag: string) {
  const res = await tx.execute(sql`delete from ${crmTags} where member_id = ${memberId}::uuid and tag = ${tag} returning tag`);
  return rowsOf(res, z.object({ tag: z.string() })).length > 0;
}

// --------------------------------------------------------------------------------------------------------------
// Segments

const segmentRow = z.object({
  ...columnsOf(crmSegments, 'id', 'name', 'created_by'),
  filters: jsonb<Record<string, unknown>>(),
  updated_at: timestamp(),
  created_by_name: z.string().nullable(),
});
export type SegmentRow = z.output<typeof segmentRow>;

const SEGMENT_COLUMNS = sql`s.id, s.name, s.created_by, s.filters, s.updated_at, coalesce(a.full_name, a.username) as created_by_name`;

export async function segments(db: DbOrTx, limit: number) {
  const res = await db.execute(sql`
    select ${SEGMENT_COLUMNS} from ${crmSegments} s left join ${profiles} a on a.id = s.created_by
    order by lower(s.name), s.id limit ${limit}`);
  return rowsOf(res, segmentRow);
}

export async function segment(db: DbOrTx, id: string, lock = false) {
  const res = await db.execute(sql`
    select ${SEGMENT_COLUMNS} from ${crmSegments} s left join ${profiles} a on a.id = s.created_by
    where s.id = ${id}::uuid ${lock ? sql`for update of s` : sql``}`);
  return rowsOf(res, segmentRow)[0] ?? null;
}

export async function lockSegments(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bayclub:crm-segments'))`);
}

export async function segmentCount(tx: DbOrTx) {
  const res = await tx.execute(sql`select count(*) as n from ${crmSegments}`);
  return rowsOf(res, z.object({ n: count() }))[0]!.n;
}

export async function insertSegment(tx: DbOrTx, name: string, filters: object, by: string) {
  const res = await tx.execute(sql`
    insert into ${crmSegments} (name, filters, created_by) values (${name}, ${JSON.stringify(filters)}::jsonb, ${by}::uuid) returning id`);
  return rowsOf(res, z.object({ id: z.string() }))[0]!.id;
}

export async function updateSegment(tx: DbOrTx, id: string, name: string, filters: object) {
  await tx.execute(sql`
    update ${crmSegments} set name = ${name}, filters = ${JSON.stringify(filters)}::jsonb, updated_at = now() where id = ${id}::uuid`);
}

export async function deleteSegment(tx: DbOrTx, id: string) {
  await tx.execute(sql`delete from ${crmSegments} where id = ${id}::uuid`);
}

// --------------------------------------------------------------------------------------------------------------
// The organiser's view of a community

const summaryRow = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['creator', 'moderator', 'member']).nullable(),
  member_count: z.number().int(),
  pending_count: count(),
});

export async function communitySummary(db: DbOrTx, communityId: string, userId: string) {
  const res = await db.execute(sql`
    select c.id, c.name, c.member_count,
      (select cm.role from ${communityMembers} cm where cm.community_id = c.id and cm.user_id = ${userId}::uuid and cm.status = 'active') as role,
      (select count(*) from ${communityMembers} cm where cm.community_id = c.id and cm.status = 'pending') as pending_count
    from ${communities} c where c.id = ${communityId}::uuid`);
  return rowsOf(res, summaryRow)[0] ?? null;
}

export async function communitySummaries(db: DbOrTx, ids: readonly string[], userId: string) {
  if (ids.length === 0) return [];
  const res = await db.execute(sql`
    select c.id, c.name, c.member_count,
      (select cm.role from ${communityMembers} cm where cm.community_id = c.id and cm.user_id = ${userId}::uuid and cm.status = 'active') as role,
      (select count(*) from ${communityMembers} cm where cm.community_id = c.id and cm.status = 'pending') as pending_count
    from ${communities} c where c.id = any(${uuidList(ids)}) order by lower(c.name), c.id`);
  return rowsOf(res, summaryRow);
}

const communityMemberRow = z.object({
  ...columnsOf(profiles, 'id', 'full_name', 'username', 'profile_picture_url'),
  role: z.enum(['creator', 'moderator', 'member']),
  joined_at: timestamp(),
  joined_key: z.string(),
  rsvps: count(),
  attended: count(),
  no_shows: count(),
});
export type CommunityMemberRow = z.output<typeof communityMemberRow>;

/** The community's active members (active accounts), newest first, with their figures for its events. */
export async function communityMembersPage(db: DbOrTx, communityId: string, cursor: { c: string; i: string } | null, limit: number) {
  const c = sql`${communityId}::uuid`;
  const after = cursor ? sql`and (cm.created_at, cm.user_id) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)` : sql``;
  const res = await db.execute(sql`
    select p.id, p.full_name, p.username, p.profile_picture_url, cm.role, cm.created_at as joined_at,
      ${exactInstant(sql`cm.created_at`)} as joined_key, f.rsvps, f.attended, f.no_shows
    from ${communityMembers} cm join ${profiles} p on p.id = cm.user_id
    cross join lateral (
      select count(*) filter (where er.status = 'going') as rsvps,
        count(*) filter (where er.checked_in_at is not null) as attended,
        count(*) filter (where er.status = 'going' and er.checked_in_at is null and ev.ends_at < now() and ev.status <> 'cancelled') as no_shows
      from ${eventRegistrations} er join ${events} ev on ev.id = er.event_id
      where er.user_id = cm.user_id and ev.community_id = ${c}
    ) f
    where cm.community_id = ${c} and cm.status = 'active' and not p.is_deactivated and p.suspended_at is null ${after}
    order by cm.created_at desc, cm.user_id desc limit ${limit + 1}`);
  return rowsOf(res, communityMemberRow);
}

const requestRow = z.object({
  ...columnsOf(profiles, 'id', 'full_name', 'username', 'profile_picture_url'),
  requested_at: timestamp(),
});

export async function joinRequests(db: DbOrTx, communityId: string, limit: number) {
  const res = await db.execute(sql`
    select p.id, p.full_name, p.username, p.profile_picture_url, cm.created_at as requested_at
    from ${communityMembers} cm join ${profiles} p on p.id = cm.user_id
    where cm.community_id = ${communityId}::uuid and cm.status = 'pending' and not p.is_deactivated and p.suspended_at is null
    order by cm.created_at asc, cm.user_id asc limit ${limit}`);
  return rowsOf(res, requestRow);
}

const eventRow = z.object({
  ...columnsOf(events, 'id', 'title', 'status'),
  starts_at: timestamp(),
  going: count(),
  attended: count(),
  no_shows: count(),
});

/** The community's latest events (newest first) and who came: going, checked in at the door, no-shows. */
export async function communityEvents(db: DbOrTx, communityId: string, limit: number) {
  const res = await db.execute(sql`
    select ev.id, ev.title, ev.status, ev.starts_at, f.going, f.attended, f.no_shows
    from (select * from ${events} where community_id = ${communityId}::uuid order by starts_at desc, id desc limit ${limit}) ev
    cross join lateral (
      select count(*) filter (where er.status = 'going') as going,
        count(*) filter (where er.checked_in_at is not null) as attended,
        count(*) filter (where er.status = 'going' and er.checked_in_at is null and ev.ends_at < now() and ev.status <> 'cancelled') as no_shows
      from ${eventRegistrations} er where er.event_id = ev.id
    ) f
    order by ev.starts_at desc, ev.id desc`);
  return rowsOf(res, eventRow);
}
