import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TICKET_CODE_ALPHABET, type EventHostRole, type EventStatus, type EventVisibility } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import { eventHosts, eventRegistrations, events } from '../../db/schema/index.js';

/**
 * Event factories (issue 11), shared by the events, RSVP and calendar tests: direct SQL for data a test only needs
 * to exist. They keep events.going_count / waitlist_count equal to the registrations, as the services do. For
 * flows under test, call the API instead.
 */

export interface TestEventValues {
  createdBy?: string | null;
  communityId?: string | null;
  title?: string;
  description?: string;
  /** Default: a week from now, at the current time of day. */
  startsAt?: Date;
  /** Default: two hours after startsAt. */
  endsAt?: Date;
  timeZone?: string;
  venue?: string;
  address?: string;
  city?: string | null;
  /** Default: members (community when a communityId is given and visibility is not). */
  visibility?: EventVisibility;
  status?: EventStatus;
  capacity?: number | null;
  guestsAllowed?: number;
  sequence?: number;
  coverImageKey?: string | null;
  /** Co-hosts and door helpers. */
  hosts?: Array<{ userId: string; role?: EventHostRole }>;
}

let seq = 0;

/** Insert an event (and its event_hosts rows); returns its id. */
export async function createTestEvent(db: DbOrTx, values: TestEventValues = {}): Promise<string> {
  seq += 1;
  const startsAt = values.startsAt ?? new Date(Date.now() + 7 * 86_400_000);
  const endsAt = values.endsAt ?? new Date(startsAt.getTime() + 2 * 3_600_000);
  const status = values.status ?? 'scheduled';
  const [row] = await db
    .insert(events)
    .values({
      createdBy: values.createdBy ?? null,
      communityId: values.communityId ?? null,
      title: values.title ?? `Test event ${seq}`,
      description: values.description ?? '',
      startsAt,
      endsAt,
      timeZone: values.timeZone ?? 'America/New_York',
      venue: values.venue ?? 'The Pier',
      address: values.address ?? '',
      city: values.city === undefined ? 'tampa' : values.city,
      visibility: values.visibility ?? (values.communityId ? 'community' : 'members'),
      status,
      capacity: values.capacity ?? null,
      guestsAllowed: values.guestsAllowed ?? 0,
      sequence: values.sequence ?? 0,
      coverImageKey: values.coverImageKey ?? null,
      cancelledAt: status === 'cancelled' ? new Date() : null,
    })
    .returning({ id: events.id });
  const id = row!.id;
  if (values.hosts?.length)
    await db.insert(eventHosts).values(values.hosts.map((h) => ({ eventId: id, userId: h.userId, role: h.role ?? 'host' })));
  return id;
}

/** A random door code from the ticket alphabet (unique per event by index; collisions are 1 in 28^6). */
export function randomTicketCode(): string {
  const bytes = crypto.randomBytes(6);
  return [...bytes].map((b) => TICKET_CODE_ALPHABET[b % TICKET_CODE_ALPHABET.length]).join('');
}

/**
 * Register a member directly (no capacity check: the test decides) and keep the event's counts right; returns
 * the registration id. `waitlistedAt` orders the waitlist (default now).
 */
export async function registerForTest(
  db: DbOrTx,
  eventId: string,
  userId: string,
  opts: {
    status?: 'going' | 'waitlisted' | 'not_going';
    guests?: number;
    waitlistedAt?: Date;
    checkedInAt?: Date | null;
    ticketCode?: string;
    createdAt?: Date;
  } = {},
): Promise<string> {
  const status = opts.status ?? 'going';
  const guests = opts.guests ?? 0;
  const [row] = await db
    .insert(eventRegistrations)
    .values({
      eventId,
      userId,
      status,
      guests,
      waitlistedAt: status === 'waitlisted' ? (opts.waitlistedAt ?? new Date()) : null,
      ticketCode: opts.ticketCode ?? randomTicketCode(),
      checkedInAt: opts.checkedInAt ?? null,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning({ id: eventRegistrations.id });
  if (status === 'going')
    await db.execute(sql`update ${events} set going_count = going_count + ${1 + guests} where id = ${eventId}::uuid`);
  else if (status === 'waitlisted')
    await db.execute(sql`update ${events} set waitlist_count = waitlist_count + 1 where id = ${eventId}::uuid`);
  return row!.id;
}
