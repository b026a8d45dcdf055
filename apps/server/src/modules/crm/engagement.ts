import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CRM_LIMITS, CRM_SCORE_WEIGHTS as W } from '@bayclub/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  eventPayments,
  eventRegistrations,
  events,
  locationCheckIns,
  matches,
  memberEngagement,
  posts,
  profiles,
} from '../../db/schema/index.js';
import { tracked } from '../../platform/job-runs.js';
import { count, rowsOf } from '../../platform/sql.js';

export const ENGAGEMENT_JOB = 'crm-engagement';

/** The score in SQL, from the contract's weights (CRM_SCORE_WEIGHTS): the same formula the CRM shows. */
const SCORE = sql.raw(
  `(attended * ${W.attended} + check_ins * ${W.checkIns} + posts * ${W.posts} + connections * ${W.connections} + no_shows * (${W.noShows}))`,
);

/**
 * Rebuild every member's figures in ONE statement: INSERT ... SELECT (one aggregate per source, each a single pass
 * grouped by member) ... ON CONFLICT DO UPDATE, writing only rows whose figures changed (a quiet club rewrites
 * nothing). Figures:
 * - rsvps: registrations with status going (past and upcoming);
 * - attended: registrations checked in at the event's door (checked_in_at);
 * - no_shows: going, not checked in, the event ended and was not cancelled;
 * - check_ins: location check-ins; paid_events: distinct events with a paid, not refunded payment;
 * - posts: posts written; connections: active matches; last_active_at: the profile's.
 * Returns how many members it read.
 */
async function rebuild(db: DbOrTx) {
  const res = await db.execute(sql`
    with r as (
      select er.user_id,
        count(*) filter (where er.status = 'going')::int as rsvps,
        count(*) filter (where er.checked_in_at is not null)::int as attended,
        count(*) filter (where er.status = 'going' and er.checked_in_at is null and ev.ends_at < now() and ev.status <> 'cancelled')::int as no_shows
      from ${eventRegistrations} er join ${events} ev on ev.id = er.event_id
      group by er.user_id
    ),
    c as (select user_id, count(*)::int as n from ${locationCheckIns} group by user_id),
    pay as (
      select user_id, count(distinct event_id)::int as n from ${eventPayments}
      where status = 'paid' and user_id is not null and refunded_at is null and refund_state is distinct from 'succeeded'
      group by user_id
    ),
    po as (select author_id, count(*)::int as n from ${posts} group by author_id),
    m as (
      select u, count(*)::int as n from (
        select user1_id as u from ${matches} where is_active union all select user2_id from ${matches} where is_active
      ) x group by u
    ),
    figures as (
      select p.id as member_id, coalesce(r.rsvps, 0) as rsvps, coalesce(r.attended, 0) as attended, coalesce(r.no_shows, 0) as no_shows,
        coalesce(c.n, 0) as check_ins, coalesce(pay.n, 0) as paid_events, coalesce(po.n, 0) as posts, coalesce(m.n, 0) as connections,
        p.last_active_at
      from ${profiles} p
      left join r on r.user_id = p.id left join c on c.user_id = p.id left join pay on pay.user_id = p.id
      left join po on po.author_id = p.id left join m on m.u = p.id
    ),
    written as (
      insert into ${memberEngagement} (member_id, rsvps, attended, no_shows, check_ins, paid_events, posts, connections, score, last_active_at, refreshed_at)
      select member_id, rsvps, attended, no_shows, check_ins, paid_events, posts, connections, ${SCORE}, last_active_at, now() from figures
      on conflict (member_id) do update set
        rsvps = excluded.rsvps, attended = excluded.attended, no_shows = excluded.no_shows, check_ins = excluded.check_ins,
        paid_events = excluded.paid_events, posts = excluded.posts, connections = excluded.connections, score = excluded.score,
        last_active_at = excluded.last_active_at, refreshed_at = excluded.refreshed_at
      where (${memberEngagement}.rsvps, ${memberEngagement}.attended, ${memberEngagement}.no_shows, ${memberEngagement}.check_ins,
             ${memberEngagement}.paid_events, ${memberEngagement}.posts, ${memberEngagement}.connections, ${memberEngagement}.last_active_at)
        is distinct from (excluded.rsvps, excluded.attended, excluded.no_shows, excluded.check_ins, excluded.paid_events,
             excluded.posts, excluded.connections, excluded.last_active_at)
      returning 1
    )
    select (select count(*) from figures) as members`);
  return rowsOf(res, z.object({ members: count() }))[0]!.members;
}

export interface EngagementJob {
  /** One refresh, never two at once (in this process: the run under way is joined; across processes: an advisory lock). */
  refresh(): Promise<{ ran: boolean; members: number; ms: number }>;
}

export function createEngagementJob(db: Db): EngagementJob {
  let running: Promise<{ ran: boolean; members: number; ms: number }> | null = null;
  const once = async () => {
    const started = performance.now();
    // The transaction's advisory lock: another process refreshing right now makes this run a no-op. The run is
    // stamped in job_runs after COMMIT, so "figures as of" (its last finish) never names figures not yet visible.
    const members = await tracked(db, ENGAGEMENT_JOB, () =>
      db.transaction(async (tx) => {
        const res = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('bayclub:crm-engagement')) as ok`);
        if (!rowsOf(res, z.object({ ok: z.boolean() }))[0]!.ok) return null;
        return rebuild(tx);
      }),
    );
    return { ran: members !== null, members: members ?? 0, ms: Math.round(performance.now() - started) };
  };
  return {
    refresh() {
      running ??= once().finally(() => (running = null));
      return running;
    },
  };
}

/** Every few minutes (and once at start-up outside tests), until the app closes; a failure is logged, never thrown. */
export function scheduleEngagement(app: FastifyInstance, log: FastifyBaseLogger, job: EngagementJob, atStartUp: boolean) {
  let current: Promise<unknown> | null = null;
  const run = () => {
    current ??= job
      .refresh()
      .catch((err: unknown) => log.error({ err }, 'CRM engagement refresh failed'))
      .finally(() => (current = null));
  };
  const timer = setInterval(run, CRM_LIMITS.refreshEveryMinutes * 60_000).unref();
  const first = atStartUp ? setTimeout(run, 1_000).unref() : null;
  app.addHook('onClose', async () => {
    clearInterval(timer);
    if (first) clearTimeout(first);
    await current;
  });
}
