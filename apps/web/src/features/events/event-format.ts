import type { EventView, MemberSummary, MyRegistrationView } from '@bayclub/shared';
import { t } from '#/lib/i18n';
// The words below are the events catalogue's; they are called while rendering components that read it (useT).
import './i18n';

/** Seats left, or null for an event without a capacity. */
export function seatsLeft(event: Pick<EventView, 'capacity' | 'goingCount'>): number | null {
  return event.capacity === null ? null : Math.max(0, event.capacity - event.goingCount);
}

/** "3 of 20 seats left", "Full", or null (no capacity). */
export function seatsLabel(event: Pick<EventView, 'capacity' | 'goingCount'>): string | null {
  const left = seatsLeft(event);
  if (left === null || event.capacity === null) return null;
  if (left === 0) return t('events.seats.full');
  return t('events.seats.leftOf', { left, capacity: event.capacity });
}

/** The member's status in words. */
export function statusLabel(mine: MyRegistrationView): string {
  switch (mine.status) {
    case 'going':
      return mine.guests > 0 ? t('events.status.goingWithGuests', { count: mine.guests }) : t('events.status.going');
    case 'waitlisted':
      return mine.waitlistPosition
        ? t('events.status.waitlistedAt', { position: mine.waitlistPosition })
        : t('events.status.waitlisted');
    case 'awaiting_payment':
      return mine.hold?.kind === 'claim' ? t('events.status.claim') : t('events.status.awaitingPayment');
    case 'not_going':
      return t('events.status.notGoing');
    case 'cancelled':
      return t('events.status.cancelled');
  }
}

/** "Just you" or "Party of 3 (you and 2 guests)". */
export function partyLabel(partySize: number): string {
  if (partySize <= 1) return t('events.party.justYou');
  return t('events.party.youAndGuests', { size: partySize, guests: partySize - 1 });
}

/** "A C D E F G": read letter by letter by screen readers. */
export const spelled = (code: string) => [...code].join(' ');

/** At the door: "Party of 1", "Party of 3 (2 guests)". */
export function doorPartyLabel(partySize: number): string {
  const guests = partySize - 1;
  return guests <= 0 ? t('events.party.one') : t('events.party.withGuests', { size: partySize, guests });
}

/** An attendee at the door and in the attendance list: the name, else the @username. */
export const attendeeName = (m: MemberSummary) => m.fullName ?? (m.username ? `@${m.username}` : t('events.attendee.someone'));
