import { sql } from 'drizzle-orm';
import { zonedToUtc, type EventVisibility } from '@bayclub/shared';
import { events } from '../db/schema/index.js';
import { createTestEvent, registerForTest } from '../modules/events/event-fixtures.js';
import type { TestApp } from './helpers.js';

/**
 * The calendar and reminder tests' events, on the events engineer's fixtures (event-fixtures.ts: direct SQL, counts
 * kept equal to the registrations), with defaults a calendar entry shows (a title, a description, a place) and
 * wall-clock starts in a zone.
 */
export interface InsertEventValues {
  createdBy: string;
  title?: string;
  description?: string;
  /** UTC instants, or wall-clock in timeZone via startsAtLocal. */
  startsAt?: Date;
  endsAt?: Date;
  startsAtLocal?: string;
  timeZone?: string;
  venue?: string;
  address?: string;
  visibility?: EventVisibility;
  communityId?: string | null;
  capacity?: number | null;
}

export async function insertEvent(t: TestApp, v: InsertEventValues): Promise<string> {
  const timeZone = v.timeZone ?? 'America/New_York';
  return createTestEvent(t.ctx.database.db, {
    createdBy: v.createdBy,
    title: v.title ?? 'Sunset yoga on the pier',
    description: v.description ?? 'Bring a mat.',
    startsAt: v.startsAtLocal ? zonedToUtc(v.startsAtLocal, timeZone) : v.startsAt,
    endsAt: v.endsAt,
    timeZone,
    venue: v.venue ?? 'Pier 60',
    address: v.address ?? '1 Causeway Blvd, Clearwater',
    visibility: v.visibility ?? 'members',
    communityId: v.communityId ?? null,
    capacity: v.capacity ?? null,
  });
}

/** A registration (going by default) and the event's counts. */
export async function register(t: TestApp, eventId: string, userId: string, status: 'going' | 'waitlisted' | 'not_going' = 'going', guests = 0) {
  await registerForTest(t.ctx.database.db, eventId, userId, { status, guests });
}

/** What cancelling does to the row (the events routes own the real thing): status, cancelled_at, SEQUENCE + 1. */
export async function cancelEventRow(t: TestApp, eventId: string) {
  await t.ctx.database.db.execute(
    sql`update ${events} set status = 'cancelled', cancelled_at = now(), sequence = sequence + 1, updated_at = now() where id = ${eventId}::uuid`,
  );
}
