import type { EventView, MemberSummary, MyRegistrationView, TicketView } from '@bayclub/shared';

/** Minimal events, tickets and members for the RSVP, ticket and door tests (the events feature has its own fixtures). */
export const EVENT_ID = '0b5c6f0e-8a51-4b7f-9d62-3e1f2a4b5c6d';

export function makeMember(over: Partial<MemberSummary> = {}): MemberSummary {
  return { id: 'a1b2c3d4-0000-4000-8000-000000000001', fullName: 'Ada Lovelace', username: 'ada', profilePictureUrl: null, isVerified: false, age: 36, city: 'tampa', ...over };
}

export function makeMine(over: Partial<MyRegistrationView> = {}): MyRegistrationView {
  return { status: 'not_going', guests: 0, waitlistPosition: null, waitlistReason: null, checkedInAt: null, hold: null, ...over };
}

export function makeEvent(over: Partial<EventView> = {}): EventView {
  return {
    id: EVENT_ID,
    title: 'Sunset Social',
    startsAt: '2026-12-05T00:00:00.000Z',
    endsAt: '2026-12-05T03:00:00.000Z',
    timeZone: 'America/New_York',
    venue: 'Pier 60',
    city: 'tampa',
    coverUrl: null,
    status: 'scheduled',
    visibility: 'members',
    community: null,
    capacity: 20,
    goingCount: 17,
    attendingCount: 18,
    waitlistCount: 0,
    myStatus: null,
    price: null,
    paid: null,
    description: 'Drinks by the water.',
    address: '1 Causeway Blvd',
    locationId: null,
    guestsAllowed: 2,
    hosts: [],
    goingPreview: [],
    goingMembers: 0,
    goingGuests: 0,
    sequence: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    mine: makeMine(),
    permissions: { canEdit: false, canCancel: false, canRsvp: true, isCreator: false, canCheckIn: false, canSeeAttendees: true },
    calendar: { icsUrl: `/api/events/${EVENT_ID}/calendar.ics`, googleUrl: 'https://calendar.google.com/calendar/render' },
    ...over,
  };
}

export function makeTicket(over: Partial<TicketView> = {}): TicketView {
  return {
    eventId: EVENT_ID,
    registrationId: 'r1',
    code: 'ACD234',
    token: 'tok.abc',
    qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="1" height="1"/></svg>',
    partySize: 2,
    checkedInAt: null,
    ...over,
  };
}
