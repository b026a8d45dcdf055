import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { calendarFeeds, eventRegistrations, events } from '../../db/schema/index.js';
import type { Actor } from '../access/index.js';
import { eventViewer } from './policy.js';
import { eventAccessFactsOf, eventAccessShape, eventAccessSql } from './access.js';
import type { CalendarEventRow } from './calendar.js';
import { columnsOf, rowsOf } from '../../platform/sql.js';

/** 32 random bytes in base64url: 43 characters. Anything else is not a token we could have made. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** The feed reaches back this far: last month's events stay in the member's calendar. */
const FEED_PAST_DAYS = 30;
/** A member going to more events than this gets the soonest ones (a calendar client reads the whole file). */
export const FEED_MAX_EVENTS = 500;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const feedUrl = (origin: string, token: string) => `${origin}/api/calendar/${token}.ics`;

/** Is there a feed for this member? Its URL cannot be shown again: only the token's hash is stored. */
export async function hasFeed(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return !!row;
}

/** A new secret for the member, replacing any earlier one in the same statement (the old URL stops working). */
export async function replaceFeedToken(db: DbOrTx, userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } });
  return token;
}

export async function revokeFeed(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The member a token belongs to; null for a malformed, unknown or revoked token. */
export async function feedOwner(db: DbOrTx, token: string): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, hashToken(token)));
  return row?.userId ?? null;
}

const feedRow = z.object({
  ...columnsOf(events, 'id', 'title', 'description', 'starts_at', 'time_zone', 'venue', 'address', 'sequence'),
  ...eventAccessShape,
  /** The query keeps these two only. */
  reg_status: z.enum(['going', 'waitlisted']),
});

/**
 * The events in a member's feed: going or waitlisted, ending from 30 days ago on, soonest first, that the member
 * can still see. One statement loads each registration's event with the facts eventViewer needs (the same facts as
 * access.ts loadEventAccess), and eventViewer itself decides per event: the feed cannot drift from the event page.
 */
export async function feedEvents(db: DbOrTx, actor: Actor, now = new Date()): Promise<CalendarEventRow[]> {
  const me = sql`${actor.userId}::uuid`;
  const access = eventAccessSql(me);
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 24 * 60 * 60 * 1000);
  const rows = rowsOf(
    await db.execute(sql`
      select e.id, e.title, e.description, e.starts_at, e.time_zone, e.venue, e.address,
        e.sequence, ${access.columns},
        r.status as reg_status
      from ${eventRegistrations} r
      join ${events} e on e.id = r.event_id
      ${access.joins}
      where r.user_id = ${me} and r.status in ('going', 'waitlisted') and e.ends_at >= ${since.toISOString()}::timestamptz
      order by e.starts_at, e.id
      limit ${FEED_MAX_EVENTS}`),
    feedRow,
  );
  return rows
    .filter(
      (row) =>
        eventViewer(
          actor,
          eventAccessFactsOf(row),
          { scanAllowed: false, now },
        ).canView,
    )
    .map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
      timeZone: row.time_zone,
      venue: row.venue,
      address: row.address,
      status: row.status,
      sequence: row.sequence,
      waitlisted: row.reg_status === 'waitlisted',
    }));
}
