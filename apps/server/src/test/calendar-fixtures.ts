import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TICKET_CODE_ALPHABET, zonedToUtc, type EventVisibility } from '@bayclub/shared';
import { eventRegistrations, events } from '../db/schema/index.js';
import type { TestApp } from './helpers.js';

/**
 * Events and registrations written directly (the calendar and reminder tests need them to exist, not the events
 * routes that create them). Counts on the event row follow the registrations, as the RSVP service keeps them.
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
  const startsAt = v.startsAtLocal ? zonedToUtc(v.startsAtLocal, timeZone) : (v.startsAt ?? new Date(Date.now() + 7 * 86_400_000));
  const endsAt = v.endsAt ?? new Date(startsAt.getTime() + 2 * 3_600_000);
  const [row] = await t.ctx.database.db
    .insert(events)
    .values({
      createdBy: v.createdBy,
      title: v.title ?? 'Sunset yoga on the pier',
      description: v.description ?? 'Bring a mat.',
      startsAt,
      endsAt,
      timeZone,
      venue: v.venue ?? 'Pier 60',
      address: v.address ?? '1 Causeway Blvd, Clearwater',
      visibility: v.visibility ?? 'members',
      communityId: v.communityId ?? null,
      capacity: v.capacity ?? null,
    })
    .returning({ id: events.id });
  return row!.id;
}

const ticketCode = () =>
  Array.from(crypto.randomBytes(6), (b) => TICKET_CODE_ALPHABET[b % TICKET_CODE_ALPHABET.length]).join('');

/** A registration (going by default) and the event's counts. */
export async function register(t: TestApp, eventId: string, userId: string, status: 'going' | 'waitlisted' | 'not_going' = 'going', guests = 0) {
  const db = t.ctx.database.db;
  await db.transaction(async (tx) => {
    await tx.insert(eventRegistrations).values({
      eventId,
      userId,
      status,
      guests,
      ticketCode: ticketCode(),
      waitlistedAt: status === 'waitlisted' ? new Date() : null,
    });
    await tx.execute(sql`
      update ${events} set
        going_count = (select coalesce(sum(1 + guests), 0)::int from ${eventRegistrations} where event_id = ${eventId}::uuid and status = 'going'),
        waitlist_count = (select count(*)::int from ${eventRegistrations} where event_id = ${eventId}::uuid and status = 'waitlisted')
      where id = ${eventId}::uuid`);
  });
}

/** What cancelling does to the row (the events routes own the real thing): status, cancelled_at, SEQUENCE + 1. */
export async function cancelEventRow(t: TestApp, eventId: string) {
  await t.ctx.database.db.execute(
    sql`update ${events} set status = 'cancelled', cancelled_at = now(), sequence = sequence + 1, updated_at = now() where id = ${eventId}::uuid`,
  );
}
