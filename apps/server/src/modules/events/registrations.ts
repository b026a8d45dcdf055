import { sql } from 'drizzle-orm';
import type { EventStatus, MyRegistrationView } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import { eventRegistrations, events } from '../../db/schema/index.js';
import type { AfterCommit } from '../../platform/after-commit.js';
import type { Notifier } from '../notifications/service.js';

const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[]));

/** The waitlist reason a member reads when seats are free but their party is larger. */
export function waitlistReason(partySize: number, seatsFree: number): string | null {
  if (seatsFree <= 0) return null;
  return `Your party of ${partySize} needs ${partySize} seats; ${seatsFree} ${seatsFree === 1 ? 'is' : 'are'} free. You keep your place.`;
}

/**
 * The caller's registration as the event page shows it, with their waitlist position (1-based, first come first
 * served) and the reason they have not moved up; null when they never registered. One statement.
 */
export async function loadMyRegistration(
  db: DbOrTx,
  eventId: string,
  userId: string,
  eventStatus: EventStatus,
): Promise<MyRegistrationView | null> {
  const [row] = rowsOf<{
    status: 'going' | 'waitlisted' | 'not_going';
    guests: number;
    checked_in_at: Date | string | null;
    position: number | null;
    seats_free: number | null;
  }>(
    await db.execute(sql`
      select r.status, r.guests, r.checked_in_at,
        case when r.status = 'waitlisted' then (
          select count(*)::int from ${eventRegistrations} w
          where w.event_id = r.event_id and w.status = 'waitlisted'
            and (w.waitlisted_at, w.id) <= (r.waitlisted_at, r.id)) end as position,
        (e.capacity - e.going_count) as seats_free
      from ${eventRegistrations} r join ${events} e on e.id = r.event_id
      where r.event_id = ${eventId}::uuid and r.user_id = ${userId}::uuid`),
  );
  if (!row) return null;
  const waitlisted = row.status === 'waitlisted';
  return {
    status: eventStatus === 'cancelled' && row.status !== 'not_going' ? 'cancelled' : row.status,
    guests: row.guests,
    waitlistPosition: waitlisted ? row.position : null,
    waitlistReason: waitlisted && row.seats_free !== null ? waitlistReason(1 + row.guests, row.seats_free) : null,
    checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
  };
}

export interface PromotionDeps {
  notifier: Notifier;
}

/**
 * CONTRACT (issue 11), implemented by the RSVP engineer: with the event row locked by the caller's transaction,
 * promote waitlisted parties that now fit, first come first served (a party that does not fit is skipped and keeps
 * its place), update the event's counts, notify each promoted member (`event`, in app and push) and publish
 * `{ k: 'evt', t: 'reg' }` to them. Returns the promoted members' ids. Called by RSVP changes and by an edit that
 * raises the capacity.
 */
export async function promoteWaitlist(
  _tx: DbOrTx,
  _after: AfterCommit,
  _deps: PromotionDeps,
  _eventId: string,
): Promise<string[]> {
  return [];
}
