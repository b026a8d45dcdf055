import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AccountType, AdminMemberSort, AdminMemberState, City, SortDirection, UserRole } from '@bayclub/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  backups,
  deliveryStats,
  eventPayments,
  eventRegistrations,
  events,
  locationCheckIns,
  mailOutbox,
  membershipApplications,
  profiles,
  pwaAnalytics,
  reports,
  sessions,
  userRoles,
} from '../../db/schema/index.js';
import { exactInstant, nameSortKey } from '../../platform/cursor.js';
import { columnsOf, containsPattern, count, rowsOf, textList, timestamp } from '../../platform/sql.js';

/**
 * The admins' lock: every change that could take the club's last active admin away (revoke admin, suspend, delete)
 * takes it before counting the admins, so two admins removing each other cannot both see "another admin is left".
 */
export async function lockAdmins(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bayclub:admins'))`);
}

/** Active admins other than `memberId` (admin role, not deactivated, not suspended). */
export async function otherActiveAdmins(tx: DbOrTx, memberId: string) {
  const res = await tx.execute(sql`
    select count(*) as n from ${userRoles} r join ${profiles} p on p.id = r.user_id
    where r.role = 'admin' and r.user_id <> ${memberId}::uuid and not p.is_deactivated and p.suspended_at is null`);
  return rowsOf(res, z.object({ n: count() }))[0]!.n;
}

const targetRow = z.object({
  ...columnsOf(profiles, 'id', 'full_name', 'username', 'account_type', 'is_verified', 'is_deactivated', 'suspension_reason'),
  suspended_at: timestamp().nullable(),
  roles: textList(),
});
export type TargetRow = z.output<typeof targetRow>;

/** The member an action is about, with their profile row locked for the action's transaction; null when unknown. */
export async function lockMember(tx: DbOrTx, memberId: string): Promise<TargetRow | null> {
  const res = await tx.execute(sql`
    select p.id, p.full_name, p.username, p.account_type, p.is_verified, p.is_deactivated, p.suspension_reason, p.suspended_at,
      array(select r.role from ${userRoles} r where r.user_id = p.id order by r.role)::text[] as roles
    from ${profiles} p where p.id = ${memberId}::uuid for update of p`);
  return rowsOf(res, targetRow)[0] ?? null;
}

export async function insertRole(tx: DbOrTx, memberId: string, role: UserRole) {
  await tx.execute(sql`insert into ${userRoles} (user_id, role) values (${memberId}::uuid, ${role}) on conflict do nothing`);
}

export async function deleteRole(tx: DbOrTx, memberId: string, role: UserRole) {
  await tx.execute(sql`delete from ${userRoles} where user_id = ${memberId}::uuid and role = ${role}`);
}

export async function setAccountType(tx: DbOrTx, memberId: string, accountType: AccountType) {
  await tx.execute(sql`update ${profiles} set account_type = ${accountType}, updated_at = now() where id = ${memberId}::uuid`);
}

export async function setVerified(tx: DbOrTx, memberId: string, verified: boolean) {
  await tx.execute(sql`update ${profiles} set is_verified = ${verified}, updated_at = now() where id = ${memberId}::uuid`);
}

export async function setSuspension(tx: DbOrTx, memberId: string, reason: string | null) {
  await tx.execute(sql`
    update ${profiles} set suspended_at = ${reason === null ? null : sql`now()`}, suspension_reason = ${reason}, updated_at = now()
    where id = ${memberId}::uuid`);
}

/** Every session of the member: the session cache of every process hears it (migration 0004's trigger). */
export async function deleteSessions(tx: DbOrTx, memberId: string) {
  await tx.execute(sql`delete from ${sessions} where user_id = ${memberId}::uuid`);
}

// --------------------------------------------------------------------------------------------------------------
// The members table

export interface MemberFilters {
  q: string;
  type?: AccountType;
  state?: AdminMemberState;
  role?: UserRole;
  city?: City;
}

/** The last row of a page: sort `s`, direction `d`, key `k` (null: never active), id `i`. */
export interface MembersCursor {
  s: AdminMemberSort;
  d: SortDirection;
  k: string | null;
  i: string;
}

const NAME_KEY = nameSortKey(sql`p.full_name`);

/** A member's state as a value, in the policy's order (policy.memberState): the first that holds wins. */
export const MEMBER_STATE_SQL = sql`case when p.suspended_at is not null then 'suspended' when p.is_deactivated then 'deactivated'
  when p.application_status = 'pending' then 'pending' when p.application_status = 'rejected' then 'rejected' else 'active' end`;

/** The condition "the member is in this state", the same order as MEMBER_STATE_SQL (written out so indexes apply). */
export function stateSql(state: AdminMemberState): SQL {
  const live = sql`p.suspended_at is null and not p.is_deactivated`;
  switch (state) {
    case 'suspended':
      return sql`p.suspended_at is not null`;
    case 'deactivated':
      return sql`p.suspended_at is null and p.is_deactivated`;
    case 'pending':
      return sql`${live} and p.application_status = 'pending'`;
    case 'rejected':
      return sql`${live} and p.application_status = 'rejected'`;
    case 'active':
      return sql`${live} and (p.application_status is null or p.application_status = 'approved')`;
  }
}

const memberRow = z.object({
  ...columnsOf(profiles, 'id', 'full_name', 'username', 'email', 'profile_picture_url', 'account_type', 'city', 'is_verified', 'is_deactivated', 'application_status'),
  suspended_at: timestamp().nullable(),
  created_at: timestamp(),
  last_active_at: timestamp().nullable(),
  roles: textList(),
  joined_key: z.string(),
  name_key: z.string(),
  active_key: z.string().nullable(),
});
export type MemberRow = z.output<typeof memberRow>;

const ROW_COLUMNS = sql`p.id, p.full_name, p.username, p.email, p.profile_picture_url, p.account_type, p.city, p.is_verified,
  p.is_deactivated, p.application_status, p.suspended_at, p.created_at, p.last_active_at,
  array(select r.role from ${userRoles} r where r.user_id = p.id order by r.role)::text[] as roles,
  ${exactInstant(sql`p.created_at`)} as joined_key, ${NAME_KEY} as name_key,
  case when p.last_active_at is null then null else ${exactInstant(sql`p.last_active_at`)} end as active_key`;

/**
 * One page of the members table in one statement, `limit + 1` rows (the extra one says there is a next page). Each
 * sort walks an index: joined (created_at, id), name profiles_admin_name_idx, last active
 * profiles_admin_last_active_idx (never active counts as the oldest: last in desc, first in asc).
 */
export async function membersPage(db: Db, f: MemberFilters, sort: AdminMemberSort, dir: SortDirection, cursor: MembersCursor | null, limit: number) {
  const where: SQL[] = [sql`true`];
  if (f.q) {
    const pattern = containsPattern(f.q);
    where.push(sql`(p.full_name ilike ${pattern} escape '\\' or p.username ilike ${pattern} escape '\\' or p.email ilike ${pattern} escape '\\')`);
  }
  if (f.type) where.push(sql`p.account_type = ${f.type}`);
  if (f.state) where.push(stateSql(f.state));
  if (f.city) where.push(sql`p.city = ${f.city}`);
  if (f.role) where.push(sql`exists (select 1 from ${userRoles} r where r.user_id = p.id and r.role = ${f.role})`);
  const asc = dir === 'asc';
  const cmp = asc ? sql`>` : sql`<`;
  const order = asc ? sql`asc` : sql`desc`;
  let orderBy: SQL;
  switch (sort) {
    case 'joined':
      if (cursor?.k) where.push(sql`(p.created_at, p.id) ${cmp} (${cursor.k}::timestamptz, ${cursor.i}::uuid)`);
      orderBy = sql`p.created_at ${order}, p.id ${order}`;
      break;
    case 'name':
      if (cursor && cursor.k !== null) where.push(sql`(${NAME_KEY}, p.id) ${cmp} (${cursor.k}, ${cursor.i}::uuid)`);
      orderBy = sql`${NAME_KEY} ${order}, p.id ${order}`;
      break;
    case 'last_active': {
      if (cursor) {
        const at = sql`p.last_active_at`;
        if (asc) {
          where.push(
            cursor.k === null
              ? sql`((${at} is null and p.id > ${cursor.i}::uuid) or ${at} is not null)`
              : sql`(${at}, p.id) > (${cursor.k}::timestamptz, ${cursor.i}::uuid)`,
          );
        } else {
          where.push(
            cursor.k === null
              ? sql`(${at} is null and p.id < ${cursor.i}::uuid)`
              : sql`((${at}, p.id) < (${cursor.k}::timestamptz, ${cursor.i}::uuid) or ${at} is null)`,
          );
        }
      }
      orderBy = asc ? sql`p.last_active_at asc nulls first, p.id asc` : sql`p.last_active_at desc nulls last, p.id desc`;
      break;
    }
  }
  const query = sql`select ${ROW_COLUMNS} from ${profiles} p where ${sql.join(where, sql` and `)} order by ${orderBy} limit ${limit + 1}`;
  if (!f.q) return rowsOf(await db.execute(query), memberRow);
  // As the directory does: a search is planned for its own text (trigram indexes or the sort's index).
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return rowsOf(await tx.execute(query), memberRow);
  });
}

// --------------------------------------------------------------------------------------------------------------
// A member's admin page: one statement (profile, roles, application, report counts and latest reports, admin count).

const reportBrief = z.object({
  id: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  status: z.string(),
  target: z.string(),
  other_id: z.string().nullable(),
  other_name: z.string().nullable(),
  created_at: z.string(),
});
export type ReportBriefRow = z.output<typeof reportBrief>;

const detailRow = memberRow.extend({
  ...columnsOf(profiles, 'bio', 'age', 'gender', 'interests', 'suspension_reason'),
  application: z
    .object({
      id: z.string(),
      status: z.enum(['pending', 'approved', 'rejected']),
      created_at: z.string(),
      decided_at: z.string().nullable(),
      decided_by: z.string().nullable(),
      decided_by_name: z.string().nullable(),
      rejection_reason: z.string().nullable(),
      bio: z.string().nullable(),
      instagram_username: z.string().nullable(),
    })
    .nullable(),
  made_count: count(),
  received_count: count(),
  made: z.array(reportBrief).nullable(),
  received: z.array(reportBrief).nullable(),
  other_active_admins: count(),
});
export type DetailRow = z.output<typeof detailRow>;

const TARGET_SQL = sql`case when r.comment_id is not null then 'comment' when r.post_id is not null then 'post'
  when r.message_id is not null or r.conversation_id is not null then 'message' when r.event_id is not null then 'event'
  when r.location_id is not null then 'location' else 'member' end`;

function latestReports(side: 'made' | 'received', limit: number) {
  const mine = side === 'made' ? sql`r.reporter_id` : sql`r.reported_user_id`;
  const other = side === 'made' ? sql`r.reported_user_id` : sql`r.reporter_id`;
  return sql`(select coalesce(json_agg(x order by x.created_at desc), '[]'::json) from (
      select r.id, r.reason, r.details, r.status, ${TARGET_SQL} as target, o.id as other_id,
        coalesce(o.full_name, o.username) as other_name, ${exactInstant(sql`r.created_at`)} as created_at
      from ${reports} r left join ${profiles} o on o.id = ${other}
      where ${mine} = p.id order by r.created_at desc limit ${limit}) x)`;
}

export async function memberDetail(db: DbOrTx, memberId: string, latest: number): Promise<DetailRow | null> {
  const res = await db.execute(sql`
    select ${ROW_COLUMNS}, p.bio, p.age, p.gender, p.interests, p.suspension_reason,
      (select json_build_object('id', a.id, 'status', a.status, 'created_at', ${exactInstant(sql`a.created_at`)},
          'decided_at', case when a.decided_at is null then null else ${exactInstant(sql`a.decided_at`)} end,
          'decided_by', a.decided_by, 'decided_by_name', (select coalesce(d.full_name, d.username) from ${profiles} d where d.id = a.decided_by),
          'rejection_reason', a.rejection_reason, 'bio', a.bio, 'instagram_username', a.instagram_username)
        from ${membershipApplications} a where a.created_user_id = p.id order by a.created_at desc limit 1) as application,
      (select count(*) from ${reports} r where r.reporter_id = p.id) as made_count,
      (select count(*) from ${reports} r where r.reported_user_id = p.id) as received_count,
      ${latestReports('made', latest)} as made,
      ${latestReports('received', latest)} as received,
      (select count(*) from ${userRoles} ar join ${profiles} ap on ap.id = ar.user_id
        where ar.role = 'admin' and ar.user_id <> p.id and not ap.is_deactivated and ap.suspended_at is null) as other_active_admins
    from ${profiles} p where p.id = ${memberId}::uuid`);
  return rowsOf(res, detailRow)[0] ?? null;
}


// --------------------------------------------------------------------------------------------------------------
// The Overview: every figure in one statement.

const CLUB_ZONE = 'America/New_York';

const overviewRow = z.object({
  members: z.array(z.object({ account_type: z.string(), state: z.string(), n: count() })).nullable(),
  waiting: count(),
  oldest: z.array(z.object({ id: z.string(), name: z.string(), created_at: z.string(), age_hours: z.number() })).nullable(),
  open_reports: count(),
  stale_reports: count(),
  weeks: z.array(z.object({ week_start: z.string(), new_members: count(), active_members: count() })),
  upcoming: z.array(z.object({ id: z.string(), title: z.string(), starts_at: z.string(), going: z.number(), capacity: z.number().nullable() })).nullable(),
  place_check_ins: count(),
  event_check_ins: count(),
  payments: z.array(z.object({ currency: z.string(), paid_count: count(), paid: count(), refund_count: count(), refunded: count() })).nullable(),
  mail_failing: count(),
  mail_last_error: z.string().nullable(),
  last_backup_at: z.string().nullable(),
});
export type OverviewRow = z.output<typeof overviewRow>;

export async function overviewFigures(db: DbOrTx, opts: { weeks: number; upcoming: number; oldest: number; staleHours: number }) {
  const zone = sql.raw(`'${CLUB_ZONE}'`);
  const week0 = sql`(date_trunc('week', now() at time zone ${zone}) at time zone ${zone})`;
  const month0 = sql`(date_trunc('month', now() at time zone ${zone}) at time zone ${zone})`;
  const res = await db.execute(sql`
    with ws as (
      select k, (date_trunc('week', now() at time zone ${zone}) - make_interval(weeks => k)) as local_start
      from generate_series(0, ${opts.weeks - 1}) k
    ), w as (
      select k, local_start, local_start at time zone ${zone} as starts, (local_start + interval '7 days') at time zone ${zone} as ends from ws
    )
    select
      (select json_agg(m) from (
        select p.account_type, ${MEMBER_STATE_SQL} as state,
          count(*) as n
        from ${profiles} p group by 1, 2) m) as members,
      (select count(*) from ${membershipApplications} a where a.status = 'pending') as waiting,
      (select json_agg(o order by o.created_at) from (
        select a.id, a.name, ${exactInstant(sql`a.created_at`)} as created_at,
          floor(extract(epoch from (now() - a.created_at)) / 3600)::int as age_hours
        from ${membershipApplications} a where a.status = 'pending' order by a.created_at, a.id limit ${opts.oldest}) o) as oldest,
      (select count(*) from ${reports} r where r.status = 'open') as open_reports,
      (select count(*) from ${reports} r where r.status = 'open' and r.created_at < now() - make_interval(hours => ${opts.staleHours})) as stale_reports,
      (select json_agg(x order by x.k desc) from (
        select w.k, to_char(w.local_start, 'YYYY-MM-DD') as week_start,
          (select count(*) from ${profiles} p where p.created_at >= w.starts and p.created_at < w.ends) as new_members,
          (select count(*) from (
            select a.user_id from ${pwaAnalytics} a where a.event_type = 'app_open' and a.user_id is not null and a.created_at >= w.starts and a.created_at < w.ends
            union
            select p.id from ${profiles} p where p.last_active_at >= w.starts and p.last_active_at < w.ends
          ) u) as active_members
        from w) x) as weeks,
      (select json_agg(e order by e.starts_at) from (
        select e.id, e.title, ${exactInstant(sql`e.starts_at`)} as starts_at, e.going_count as going, e.capacity
        from ${events} e where e.status = 'scheduled' and e.starts_at > now() order by e.starts_at, e.id limit ${opts.upcoming}) e) as upcoming,
      (select count(*) from ${locationCheckIns} c where c.created_at >= ${week0}) as place_check_ins,
      (select count(*) from ${eventRegistrations} r where r.checked_in_at >= ${week0}) as event_check_ins,
      (select json_agg(pm) from (
        select currency,
          count(*) filter (where paid_at >= ${month0}) as paid_count,
          coalesce(sum(amount) filter (where paid_at >= ${month0}), 0) as paid,
          count(*) filter (where refund_state = 'succeeded' and refunded_at >= ${month0}) as refund_count,
          coalesce(sum(coalesce(refund_amount, amount)) filter (where refund_state = 'succeeded' and refunded_at >= ${month0}), 0) as refunded
        from ${eventPayments} where paid_at >= ${month0} or refunded_at >= ${month0} group by currency order by currency) pm) as payments,
      ((select count(*) from ${mailOutbox} o where o.last_error is not null)
        + coalesce((select sum(d.failed) from ${deliveryStats} d where d.channel = 'mail' and d.day >= to_char(now() at time zone ${zone} - interval '1 day', 'YYYY-MM-DD')), 0)) as mail_failing,
      (select o.last_error from ${mailOutbox} o where o.last_error is not null order by o.created_at desc limit 1) as mail_last_error,
      (select ${exactInstant(sql`max(b.created_at)`)} from ${backups} b) as last_backup_at
  `);
  return rowsOf(res, overviewRow)[0]!;
}
