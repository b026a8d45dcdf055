import type {
  EventHostView,
  EventPermissions,
  EventSummaryView,
  EventView,
  MemberSummary,
  MyRegistrationView,
  Page,
} from '@bayclub/shared';

// Test data for the events pages (list, month, detail, form) and the RSVP / door components.

let seq = 0;
const nextId = (prefix: string) => {
  seq += 1;
  return `${prefix}-4000-8000-${String(seq).padStart(12, '0')}`;
};

export const eventsPage = <T>(items: T[], nextCursor: string | null = null): Page<T> => ({ items, nextCursor });

/** A member as shown on hosts and who's going. */
export function makeEventMember(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return {
    id: nextId('7e8f9a0b-0000'),
    fullName: 'Riley Chen',
    username: 'riley',
    profilePictureUrl: null,
    isVerified: false,
    age: 33,
    city: 'tampa',
    ...overrides,
  };
}

/** Saturday 14 March 2026, 19:00-21:00 in New York (EDT, after the spring change). */
export const EVENT_STARTS_AT = '2026-03-14T23:00:00.000Z';
export const EVENT_ENDS_AT = '2026-03-15T01:00:00.000Z';

export function makeEventSummary(overrides: Partial<EventSummaryView> = {}): EventSummaryView {
  return {
    id: nextId('e7e70000-0000'),
    title: 'Sunset Social',
    startsAt: EVENT_STARTS_AT,
    endsAt: EVENT_ENDS_AT,
    timeZone: 'America/New_York',
    venue: 'The Pier',
    city: 'st_pete',
    coverUrl: null,
    status: 'scheduled',
    visibility: 'members',
    community: null,
    capacity: 20,
    goingCount: 5,
    // The host is going too, without a seat (decision 025).
    attendingCount: (overrides.goingCount ?? 5) + 1,
    waitlistCount: 0,
    myStatus: null,
    locationId: null,
    price: null,
    ...overrides,
  };
}

export const NO_PERMISSIONS: EventPermissions = {
  canEdit: false,
  canCancel: false,
  canRsvp: false,
  isCreator: false,
  canCheckIn: false,
  canSeeAttendees: false,
};
/** What an approved member who is not a host may do. */
export const MEMBER_PERMISSIONS: EventPermissions = { ...NO_PERMISSIONS, canRsvp: true, canSeeAttendees: true };
/** What the creator or a co-host may do. */
export const HOST_PERMISSIONS: EventPermissions = {
  canEdit: true,
  canCancel: true,
  canRsvp: true,
  isCreator: false,
  canCheckIn: true,
  canSeeAttendees: true,
};

export function makeHost(overrides: Partial<EventHostView> = {}): EventHostView {
  return { ...makeEventMember({ fullName: 'Casey Park', username: 'casey' }), role: 'host', isCreator: true, ...overrides };
}

export function makeMyRegistration(overrides: Partial<MyRegistrationView> = {}): MyRegistrationView {
  return { status: 'going', guests: 0, waitlistPosition: null, waitlistReason: null, checkedInAt: null, hold: null, ...overrides };
}

/** An event as an approved member (not a host, not registered) sees it. Pass `mine: null` and NO_PERMISSIONS for a visitor. */
export function makeEvent(overrides: Partial<EventView> = {}): EventView {
  const summary = makeEventSummary(overrides);
  return {
    ...summary,
    description: 'Drinks by the water. Details: https://example.com/sunset',
    address: '600 2nd Ave NE, St. Petersburg, FL',
    locationId: null,
    guestsAllowed: 1,
    hosts: [makeHost()],
    goingPreview: [makeEventMember(), makeEventMember({ fullName: 'Ana Lopez', username: 'ana' })],
    goingMembers: 2,
    goingGuests: 0,
    sequence: 0,
    createdAt: '2026-02-01T12:00:00.000Z',
    mine: null,
    permissions: MEMBER_PERMISSIONS,
    paid: null,
    calendar: {
      icsUrl: `/api/events/${summary.id}/calendar.ics`,
      googleUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Sunset+Social',
    },
    ...overrides,
  };
}

/** The same event as a visitor (signed out or applicant) sees it. */
export function makeVisitorEvent(overrides: Partial<EventView> = {}): EventView {
  return makeEvent({ visibility: 'public', goingPreview: [], goingMembers: 0, mine: null, permissions: NO_PERMISSIONS, ...overrides });
}
