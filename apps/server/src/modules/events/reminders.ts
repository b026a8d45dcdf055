import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { EVENT_LIMITS, eventPath } from '@bayclub/shared';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { eventRegistrations, events, profiles, userRoles } from '../../db/schema/index.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { tracked } from '../../platform/job-runs.js';
import { columnsOf, leftJoined, rowsOf, textArray } from '../../platform/sql.js';
import type { Actor } from '../access/index.js';
import type { Notifier } from '../notifications/index.js';
import { eventReminderNotification } from './notifications.js';
import { eventViewer } from './policy.js';
import { eventAccessFactsOf, eventAccessShape, eventAccessSql } from './access.js';

/** Events claimed per transaction: a backlog (a server that was down for a day) is worked off in several. */
const BATCH = 100;
/** A reminder whose moment passed longer ago than this is not sent late: it is marked sent. */
const STALE_MS = 60 * 60 * 1000;
const EVERY_MS = 60_000;

export type ReminderKind = 'day' | 'hour';

export interface ReminderRun {
  /** Notifications written. */
  sent: number;
  /** Reminders marked sent without sending (their moment had passed by more than an hour). */
  skipped: number;
}

const claimedEvent = z.object(columnsOf(events, 'id', 'title', 'venue', 'starts_at', 'time_zone'));

/** A member going to a claimed event, with what eventViewer asks about them (the profile is left-joined). */
const recipientRow = z.object({
  ...columnsOf(eventRegistrations, 'event_id', 'user_id'),
  ...leftJoined(columnsOf(profiles, 'account_type', 'application_status', 'is_deactivated')),
  is_admin: z.boolean(),
  ...eventAccessShape,
});
type Recipient = z.output<typeof recipientRow>;

/** Which reminder is due for a claimed event, and whether its moment passed too long ago to send it now. */
export function dueReminder(startsAt: Date, now: Date): { kind: ReminderKind; stale: boolean } {
  const kind: ReminderKind = startsAt.getTime() - now.getTime() <= EVENT_LIMITS.reminderHourMs ? 'hour' : 'day';
  const moment = startsAt.getTime() - (kind === 'hour' ? EVENT_LIMITS.reminderHourMs : EVENT_LIMITS.reminderDayMs);
  return { kind, stale: now.getTime() - moment > STALE_MS };
}

/** The member as eventViewer sees them (the facts it reads: account, application, deactivation, admin role). */
function actorOfRecipient(r: Recipient): Actor {
  return {
    userId: r.user_id,
    email: '',
    sessionId: '',
    language: null,
    profile: r.account_type
      ? { accountType: r.account_type, applicationStatus: r.application_status, isDeactivated: !!r.is_deactivated, username: null, fullName: null }
      : null,
    roles: r.is_admin ? ['admin'] : [],
    communityRoles: [],
  };
}

/**
 * Everyone going to these events (their creator included) who may still see them (eventViewer, per member and
 * event) and is not deactivated: one statement for the whole batch.
 */
async function recipients(tx: Tx, eventIds: string[], now: Date): Promise<Map<string, string[]>> {
  const access = eventAccessSql(sql`r.user_id`);
  const rows = rowsOf(
    await tx.execute(sql`
      select r.event_id, r.user_id, p.account_type, p.application_status, p.is_deactivated,
        exists (select 1 from ${userRoles} ur where ur.user_id = r.user_id and ur.role = 'admin') as is_admin,
        ${access.columns}
      from (
        select g.event_id, g.user_id from ${eventRegistrations} g where g.event_id = any(${textArray(eventIds)}::uuid[]) and g.status = 'going'
        -- The creator is going to their own event without a registration (decision 025); union: never twice.
        union select ce.id, ce.created_by from ${events} ce where ce.id = any(${textArray(eventIds)}::uuid[]) and ce.created_by is not null) r
      join ${events} e on e.id = r.event_id
      left join ${profiles} p on p.id = r.user_id
      ${access.joins}`),
    recipientRow,
  );
  const byEvent = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.account_type || r.is_deactivated) continue;
    const facts = eventAccessFactsOf(r);
    if (!eventViewer(actorOfRecipient(r), facts, { scanAllowed: false, now }).canView) continue;
    byEvent.set(r.event_id, [...(byEvent.get(r.event_id) ?? []), r.user_id]);
  }
  return byEvent;
}

/**
 * One batch in one transaction: claim due events (FOR UPDATE SKIP LOCKED: another process's batch holds its own
 * rows and this one passes them by), write the notifications of everyone going, and mark the reminders sent in the
 * same transaction. So each reminder is sent once across processes, and after a crash the uncommitted batch is
 * simply claimed again. Pushes go after the commit.
 */
async function runBatch(db: Db, notifier: Notifier, now: Date): Promise<ReminderRun & { claimed: number }> {
  const after = new AfterCommit();
  const dayAhead = new Date(now.getTime() + EVENT_LIMITS.reminderDayMs).toISOString();
  const hourAhead = new Date(now.getTime() + EVENT_LIMITS.reminderHourMs).toISOString();
  const result = await db.transaction(async (tx) => {
    // reminded_hour_at is only ever set together with reminded_day_at, so "hour not sent" covers both reminders and
    // lets the partial index events_reminders_idx serve the claim (raw SQL: its literals are the index's predicate,
    // where the builder's parameters would leave a generic plan unable to use it).
    const claimed = rowsOf(
      await tx.execute(sql`
        select id, title, venue, starts_at, time_zone from ${events}
        where status = 'scheduled' and reminded_hour_at is null and starts_at <= ${dayAhead}::timestamptz
          and (reminded_day_at is null or starts_at <= ${hourAhead}::timestamptz)
        order by starts_at
        limit ${BATCH}
        for update skip locked`),
      claimedEvent,
    );
    if (claimed.length === 0) return { claimed: 0, sent: 0, skipped: 0 };
    const due = claimed.map((e) => ({ e, startsAt: new Date(e.starts_at), ...dueReminder(new Date(e.starts_at), now) }));
    const toSend = due.filter((d) => !d.stale);
    const audience = toSend.length ? await recipients(tx, toSend.map((d) => d.e.id), now) : new Map<string, string[]>();
    let sent = 0;
    for (const d of toSend) {
      const userIds = audience.get(d.e.id) ?? [];
      if (userIds.length === 0) continue;
      await notifier.notifyMany(tx, after, userIds, {
        kind: eventReminderNotification,
        params: { eventTitle: d.e.title, when: d.kind, startsAt: d.startsAt.toISOString(), timeZone: d.e.time_zone, venue: d.e.venue },
        relatedId: d.e.id,
        path: eventPath(d.e.id),
      });
      sent += userIds.length;
    }
    const hourIds = due.filter((d) => d.kind === 'hour').map((d) => d.e.id);
    const dayIds = due.filter((d) => d.kind === 'day').map((d) => d.e.id);
    const at = now.toISOString();
    // An hour reminder also settles the day one: nobody gets "tomorrow" after "starting soon".
    if (hourIds.length) {
      await tx.execute(sql`
        update ${events} set reminded_hour_at = ${at}::timestamptz, reminded_day_at = coalesce(reminded_day_at, ${at}::timestamptz)
        where id = any(${textArray(hourIds)}::uuid[])`);
    }
    if (dayIds.length) {
      await tx.execute(sql`update ${events} set reminded_day_at = ${at}::timestamptz where id = any(${textArray(dayIds)}::uuid[])`);
    }
    return { claimed: claimed.length, sent, skipped: due.length - toSend.length };
  });
  after.run();
  return result;
}

/** Send every due reminder (batch after batch until none is left). */
export async function sendDueReminders(db: Db, notifier: Notifier, now: Date = new Date()): Promise<ReminderRun> {
  const total: ReminderRun = { sent: 0, skipped: 0 };
  for (;;) {
    const batch = await runBatch(db, notifier, now);
    total.sent += batch.sent;
    total.skipped += batch.skipped;
    if (batch.claimed < BATCH) return total;
  }
}

export interface ReminderJob {
  /** One run now (the scheduler's, or a test's); never two at once in this process. */
  runOnce(now?: Date): Promise<ReminderRun>;
}

const jobs = new WeakMap<object, ReminderJob>();

/** The app's reminder job (tests run it by hand: the schedule is off under NODE_ENV=test). */
export function reminderJobOf(key: object): ReminderJob | undefined {
  return jobs.get(key);
}

/**
 * The job of this process: every minute, in every process (claims never overlap), stopped when the app closes
 * (which waits for a run under way). `schedule` false registers the job without its timer (tests).
 */
export function startReminderJob(
  app: FastifyInstance,
  key: object,
  deps: { db: Db; notifier: Notifier; log: FastifyBaseLogger },
  opts: { schedule: boolean },
): ReminderJob {
  let running: Promise<ReminderRun> | null = null;
  const job: ReminderJob = {
    runOnce(now) {
      running ??= tracked(deps.db, 'event-reminders', () => sendDueReminders(deps.db, deps.notifier, now)).finally(() => (running = null));
      return running;
    },
  };
  jobs.set(key, job);
  if (opts.schedule) {
    const timer = setInterval(() => {
      job.runOnce().catch((err: unknown) => deps.log.error({ err }, 'Could not send event reminders'));
    }, EVERY_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => {});
    });
  }
  return job;
}
