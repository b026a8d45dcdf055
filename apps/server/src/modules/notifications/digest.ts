import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { mailPreferences, notifications, profiles } from '../../db/schema/index.js';
import { tracked } from '../../platform/job-runs.js';
import { rowsOf, textArray } from '../../platform/sql.js';
import { approvedMemberSql } from '../access/index.js';
import type { MailContent, MailRecipient, MemberMailer } from '../mail/index.js';
import { mailedKindNames, renderNotification } from './kinds.js';
import { translatorFor } from '../../platform/i18n.js';

/**
 * The daily digest (issue 21): once a day, in the club's morning, one mail to each member with unread notifications
 * written since their last digest (hellos, messages, replies, mentions: whatever kinds the modules declare, each
 * rendered by its own kind; kinds that send a mail of their own are left out). Members with nothing new, deactivated
 * or with the digest turned off get none.
 */

/** The club's zone and hour: every member's digest goes out from 08:00 New York time. */
export const DIGEST_ZONE = 'America/New_York';
export const DIGEST_HOUR = 8;
/** Members claimed per transaction. */
const BATCH = 500;
/** Lines listed in one digest; the rest are counted ("and 4 more"). */
const ITEMS = 10;
/** How often each process looks for members whose digest is due (a process that was down catches up on start). */
const EVERY_MS = 5 * 60_000;

/** Offset of `zone` from UTC at an instant, in ms (Intl knows the zone's rules; no library needed for this one). */
function offsetMs(at: Date, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The latest digest moment at or before `now`: 08:00 in New York today, or yesterday before 08:00. (08:00 is never in
 * a clock-change gap, so the wall time always exists exactly once.)
 */
export function digestMoment(now: Date, zone = DIGEST_ZONE, hour = DIGEST_HOUR): Date {
  const local = new Date(now.getTime() + offsetMs(now, zone));
  const wall = (dayShift: number) => Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + dayShift, hour);
  const at = (dayShift: number) => {
    const guess = wall(dayShift);
    return new Date(guess - offsetMs(new Date(guess - offsetMs(new Date(guess), zone)), zone));
  };
  const today = at(0);
  return today.getTime() <= now.getTime() ? today : at(-1);
}

const claimedRow = z.object({ user_id: z.string(), since: z.string() });
const itemRow = z.object({ user_id: z.string(), kind: z.string(), params: z.unknown(), total: z.number().or(z.string()) });

/**
 * Claim up to BATCH members whose digest is due, in one statement: an INSERT ... ON CONFLICT DO UPDATE that moves
 * `digest_sent_at` to today's moment only where it is still before it. A digest covers what came between two
 * mornings' moments, never after this one: a notification at 14:00 waits for tomorrow's digest (it would otherwise
 * bring a "Good morning" mail in the afternoon), and the next digest starts exactly where this one ended. A second process running the same
 * statement waits on the rows the first one wrote and, its condition re-checked on the committed row, claims none
 * of them: each member is claimed by one process a day. `since` is when their last digest was claimed (the
 * candidate's own row, read by the claim that won), or a day before the moment for a first digest.
 */
async function claimDue(tx: Tx, moment: Date, skipKinds: string[]) {
  const due = moment.toISOString();
  return rowsOf(
    await tx.execute(sql`
      with candidates as (
        select p.id as user_id, coalesce(mp.digest_sent_at, ${due}::timestamptz - interval '1 day') as since
        from ${profiles} p
        left join ${mailPreferences} mp on mp.user_id = p.id
        where ${approvedMemberSql(sql`p`)}
          and coalesce(mp.digest, true)
          and (mp.digest_sent_at is null or mp.digest_sent_at < ${due}::timestamptz)
          and exists (
            select 1 from ${notifications} n
            where n.user_id = p.id and n.read_at is null
              and n.created_at > coalesce(mp.digest_sent_at, ${due}::timestamptz - interval '1 day')
              and n.created_at <= ${due}::timestamptz
              and n.kind <> all(${textArray(skipKinds)}))
        order by p.id
        limit ${BATCH}),
      claimed as (
        insert into ${mailPreferences} (user_id, digest_sent_at)
        select user_id, ${due}::timestamptz from candidates
        on conflict (user_id) do update set digest_sent_at = excluded.digest_sent_at, updated_at = now()
          where ${mailPreferences.digest} and (${mailPreferences.digestSentAt} is null or ${mailPreferences.digestSentAt} < ${due}::timestamptz)
        returning user_id)
      select c.user_id, c.since::text as since from claimed join candidates c on c.user_id = claimed.user_id`),
    claimedRow,
  );
}

/** The newest unread notifications of each claimed member since their last digest, ITEMS each, with the total. */
async function unreadSince(tx: Tx, claimed: Array<{ user_id: string; since: string }>, moment: Date, skipKinds: string[]) {
  return rowsOf(
    await tx.execute(sql`
      select user_id, kind, params, total from (
        select n.user_id, n.kind, n.params,
          row_number() over (partition by n.user_id order by n.created_at desc, n.id desc) as rank,
          count(*) over (partition by n.user_id) as total
        from unnest(${textArray(claimed.map((c) => c.user_id))}::uuid[], ${textArray(claimed.map((c) => c.since))}::timestamptz[]) as c(user_id, since)
        join ${notifications} n on n.user_id = c.user_id and n.read_at is null and n.created_at > c.since
          and n.created_at <= ${moment.toISOString()}::timestamptz
        where n.kind <> all(${textArray(skipKinds)})) ranked
      where rank <= ${ITEMS}
      order by user_id, rank`),
    itemRow,
  );
}

/** The digest in the recipient's language, its notifications rendered for them as the app would. */
function digestContent(items: Array<{ kind: string; params: unknown }>, total: number, to: MailRecipient): MailContent {
  const more = total - items.length;
  const t = translatorFor(to.language);
  return {
    subject: t('notifications.digest.subject', { total }),
    heading: t('notifications.digest.heading', { name: to.name }),
    paragraphs: [t('notifications.digest.intro'), ...(more > 0 ? [t('notifications.digest.more', { count: more })] : [])],
    items: items.map((i) => renderNotification(i, to.language)),
    action: { label: t('notifications.digest.action'), path: '/profile?notifications=1' },
  };
}

export interface DigestRun {
  /** Members claimed (their digest for today is settled). */
  claimed: number;
  /** Mails written to the outbox. */
  mailed: number;
}

async function runBatch(db: Db, mailer: MemberMailer, now: Date, moment: Date): Promise<DigestRun> {
  const skipKinds = mailedKindNames();
  const result = await db.transaction(async (tx) => {
    const claimed = await claimDue(tx, moment, skipKinds);
    if (claimed.length === 0) return { claimed: 0, mailed: 0 };
    const byMember = new Map<string, { items: Array<{ kind: string; params: unknown }>; total: number }>();
    for (const r of await unreadSince(tx, claimed, moment, skipKinds)) {
      const entry = byMember.get(r.user_id) ?? { items: [], total: Number(r.total) };
      entry.items.push(r);
      byMember.set(r.user_id, entry);
    }
    const mailed = await mailer.enqueue(tx, [...byMember.keys()], 'digest', (to) => {
      const entry = byMember.get(to.userId);
      return entry ? digestContent(entry.items, entry.total, to) : null;
    });
    return { claimed: claimed.length, mailed };
  });
  if (result.mailed) mailer.kick();
  return result;
}

/** Send every digest due at `now` (batch after batch until no member is left to claim). */
export async function sendDueDigests(db: Db, mailer: MemberMailer, now: Date = new Date()): Promise<DigestRun> {
  const moment = digestMoment(now);
  const total: DigestRun = { claimed: 0, mailed: 0 };
  for (;;) {
    const batch = await runBatch(db, mailer, now, moment);
    total.claimed += batch.claimed;
    total.mailed += batch.mailed;
    // Another process may have won every candidate of this batch: then it goes on with the rest.
    if (batch.claimed === 0) return total;
  }
}

export interface DigestJob {
  /** One run now (the scheduler's, or a test's); never two at once in this process. */
  runOnce(now?: Date): Promise<DigestRun>;
}

const jobs = new WeakMap<object, DigestJob>();

/** The app's digest job (tests run it by hand: the schedule is off under NODE_ENV=test). */
export function digestJobOf(key: object): DigestJob | undefined {
  return jobs.get(key);
}

/** Every few minutes in every process (claims never overlap); stopped when the app closes. */
export function startDigestJob(
  app: FastifyInstance,
  key: object,
  deps: { db: Db; mailer: MemberMailer; log: FastifyBaseLogger },
  opts: { schedule: boolean },
): DigestJob {
  let running: Promise<DigestRun> | null = null;
  const job: DigestJob = {
    runOnce(now) {
      running ??= tracked(deps.db, 'daily-digest', () => sendDueDigests(deps.db, deps.mailer, now)).finally(() => (running = null));
      return running;
    },
  };
  jobs.set(key, job);
  if (opts.schedule) {
    const tick = () => void job.runOnce().catch((err: unknown) => deps.log.error({ err }, 'Could not send the daily digests'));
    const timer = setInterval(tick, EVERY_MS).unref();
    app.addHook('onReady', async () => void setTimeout(tick, 30_000).unref());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => {});
    });
  }
  return job;
}
