import type { EventView, MemberSummary, MyRegistrationView } from '@bayclub/shared';

/** Seats left, or null for an event without a capacity. */
export function seatsLeft(event: Pick<EventView, 'capacity' | 'goingCount'>): number | null {
  return event.capacity === null ? null : Math.max(0, event.capacity - event.goingCount);
}

/** "3 of 20 seats left", "Full", or null (no capacity). */
export function seatsLabel(event: Pick<EventView, 'capacity' | 'goingCount'>): string | null {
  const left = seatsLeft(event);
  if (left === null || event.capacity === null) return null;
  if (left === 0) return 'Full';
  return `${left} of ${event.capacity} ${event.capacity === 1 ? 'seat' : 'seats'} left`;
}

/** The member's status in words. */
export function statusLabel(mine: MyRegistrationView): string {
  switch (mine.status) {
    case 'going':
      return mine.guests > 0 ? `Going, with ${mine.guests} ${mine.guests === 1 ? 'guest' : 'guests'}` : 'Going';
    case 'waitlisted':
      return mine.waitlistPosition ? `On the waitlist, position ${mine.waitlistPosition}` : 'On the waitlist';
    case 'awaiting_payment':
      return mine.hold?.kind === 'claim' ? 'A seat is yours to claim' : 'Awaiting payment';
    case 'not_going':
      return 'Not going';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** "Just you" or "Party of 3 (you and 2 guests)". */
export function partyLabel(partySize: number): string {
  if (partySize <= 1) return 'Just you';
  const guests = partySize - 1;
  return `Party of ${partySize} (you and ${guests} ${guests === 1 ? 'guest' : 'guests'})`;
}

/** "A C D E F G": read letter by letter by screen readers. */
export const spelled = (code: string) => [...code].join(' ');

/** At the door: "Party of 1", "Party of 3 (2 guests)". */
export function doorPartyLabel(partySize: number): string {
  const guests = partySize - 1;
  return guests <= 0 ? 'Party of 1' : `Party of ${partySize} (${guests} ${guests === 1 ? 'guest' : 'guests'})`;
}

/** An attendee at the door and in the attendance list: the name, else the @username. */
export const attendeeName = (m: MemberSummary) => m.fullName ?? (m.username ? `@${m.username}` : 'A member');
