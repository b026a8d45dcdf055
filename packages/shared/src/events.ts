import { z } from 'zod';
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, endOfMonth, startOfDay, startOfMonth } from 'date-fns';
import { CITIES, type City } from './enums.js';
import type { MemberSummary } from './connections.js';
import type { Page } from './applications.js';
import { PAYMENT_LIMITS, eventPriceFields, type Currency, type EventPriceView } from './payments.js';

/**
 * Events (issue 11). The spec names /events and /events/{eventId}, the notification type `event` and the flags
 * create_events, access_calendar, register_paid_events, scan_qr_codes, generate_qr_codes and see_events_nav, but
 * not the screens' contents; decision 015 records what we chose.
 *
 * Times: an event stores UTC instants (startsAt, endsAt) plus its IANA zone. It is always shown in its own zone,
 * with the zone named when the viewer's differs. "Today" and the week/weekend/month filters are the club's days,
 * in America/New_York.
 */
export const CLUB_TIME_ZONE = 'America/New_York';

/** The event's page in the web app: every link, mail, push and calendar file points here. */
export const eventPath = (id: string): string => `/events/${id}`;

/** The event's door page (hosts and door helpers check guests in). */
export const eventDoorPath = (id: string): string => `${eventPath(id)}/door`;

export const EVENT_VISIBILITIES = ['public', 'members', 'community'] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];
export const EVENT_VISIBILITY_LABELS: Record<EventVisibility, string> = {
  public: 'Public: anyone can see it',
  members: 'Club members',
  community: 'Community members only',
};

export const EVENT_STATUSES = ['scheduled', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** A member's registration. `cancelled` is never stored: it is what a registration reads as once the event is. */
export const RSVP_STATUSES = ['going', 'waitlisted', 'not_going'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
/** awaiting_payment (issue 22): seats held for a paid event while the member pays, or a waitlist claim offer. */
export type RegistrationStatus = RsvpStatus | 'cancelled' | 'awaiting_payment';

/** host: edits, cancels, checks in, sees attendance. door: checks guests in only (limited members need scan_qr_codes). */
export const EVENT_HOST_ROLES = ['host', 'door'] as const;
export type EventHostRole = (typeof EVENT_HOST_ROLES)[number];

export const EVENT_RANGES = ['week', 'weekend', 'month'] as const;
export type EventRange = (typeof EVENT_RANGES)[number];
export const EVENT_RANGE_LABELS: Record<EventRange, string> = {
  week: 'This week',
  weekend: 'This weekend',
  month: 'This month',
};

/** Time zones the form offers; the default is the club's. Any valid IANA zone is accepted by the server. */
export const EVENT_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Puerto_Rico',
  'Europe/London',
  'UTC',
] as const;

export const EVENT_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  descriptionMax: 5000,
  venueMax: 120,
  addressMax: 200,
  /** 1..5000 seats when set; null is unlimited. */
  capacityMax: 5000,
  /** Plus-ones a host may allow per member. */
  guestsMax: 10,
  /** An event lasts at most 14 days. */
  durationMaxDays: 14,
  coHostsMax: 10,
  listPageSize: 20,
  /** The month calendar loads one month at once (lightweight rows), at most this many. */
  monthMax: 500,
  attendeesPageSize: 30,
  /** Avatars of who's going on the event page. */
  goingPreview: 8,
  ticketCodeLength: 6,
  imageMaxBytes: 10 * 1024 * 1024,
  /** Reminders: the day before and an hour before. */
  reminderDayMs: 24 * 60 * 60 * 1000,
  reminderHourMs: 60 * 60 * 1000,
} as const;

/** Manual ticket codes: no 0/O, 1/I/L, 5/S, 8/B look-alikes. */
export const TICKET_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXYZ2345679';

export const EVENT_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooShort: `Title must be at least ${EVENT_LIMITS.titleMin} characters`,
  titleTooLong: `Title must be at most ${EVENT_LIMITS.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${EVENT_LIMITS.descriptionMax} characters`,
  venueRequired: 'Where is it? Add a venue',
  venueTooLong: `Venue must be at most ${EVENT_LIMITS.venueMax} characters`,
  addressTooLong: `Address must be at most ${EVENT_LIMITS.addressMax} characters`,
  city: 'Please choose a city',
  startsAt: 'Choose when it starts',
  endsAt: 'Choose when it ends',
  endBeforeStart: 'The end must be after the start',
  tooLong: `An event can last at most ${EVENT_LIMITS.durationMaxDays} days`,
  startsInPast: 'The start must be in the future',
  timeZone: 'Choose a valid time zone',
  capacity: `Capacity must be a whole number from 1 to ${EVENT_LIMITS.capacityMax}`,
  guestsAllowed: `Guests per member must be from 0 to ${EVENT_LIMITS.guestsMax}`,
  visibility: 'Choose who can see the event',
  communityVisibilityNeedsCommunity: 'Only an event in a community can be for its members only',
  privateCommunityEvent: 'Events of a private community are for its members only',
  notCommunityMember: 'Only members of the community can create its events',
  notFound: 'This event is not available',
  /** Issue 12: an event's place must be one of the club's active places. */
  locationUnknown: 'Choose a place from Locations',
  cancelled: 'This event was cancelled',
  alreadyCancelled: 'This event is already cancelled',
  ended: 'This event has ended',
  /** Decision 025: the creator is going to their own event without an RSVP (and holds no seat). */
  hostIsGoing: 'You’re hosting this event, so you’re already counted as going',
  notHost: 'Only the hosts can do this',
  guests: 'Too many guests for this event',
  noGuests: 'This event does not allow guests',
  hostNotFound: 'This member cannot be added',
  tooManyHosts: `An event can have at most ${EVENT_LIMITS.coHostsMax} co-hosts`,
  creatorIsHost: 'The creator is always a host',
  capacityBelowGoing: 'Capacity cannot be lower than the seats already taken',
  imageMissing: 'Choose an image',
  // Tickets and the door
  ticketInvalid: 'This is not a valid ticket',
  ticketOtherEvent: 'This ticket is for another event',
  ticketCancelled: 'This registration was cancelled',
  ticketUsed: 'This ticket was already used',
  notDoorStaff: 'Only the hosts and their door helpers can check guests in',
  codeFormat: `Enter the ${EVENT_LIMITS.ticketCodeLength}-character code`,
  checkedIn: 'Checked in',
  // Calendar
  calendarNotAllowed: 'The calendar is not available for your account',
  // UI texts
  upcoming: 'Upcoming events',
  noEvents: 'No upcoming events',
  noEventsHint: 'Try another filter, or create an event.',
  visitorApply: 'Apply to join the club to RSVP and see who is going.',
  going: 'Going',
  rsvp: 'RSVP',
  joinWaitlist: 'Join waitlist',
  leaveWaitlist: 'Leave waitlist',
  notGoing: 'Can’t go',
  cancelledBanner: 'This event was cancelled',
  yourTicket: 'Your ticket',
  addToCalendar: 'Add to calendar',
  share: 'Share',
  created: 'Event created',
  saved: 'Event saved',
  cancelDone: 'Event cancelled',
} as const;

const titleSchema = z
  .string({ error: EVENT_MESSAGES.titleRequired })
  .trim()
  .min(1, { error: EVENT_MESSAGES.titleRequired })
  .min(EVENT_LIMITS.titleMin, { error: EVENT_MESSAGES.titleTooShort })
  .max(EVENT_LIMITS.titleMax, { error: EVENT_MESSAGES.titleTooLong });

/** An IANA zone the runtime knows (Intl throws on an unknown one). */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeZoneSchema = z.string({ error: EVENT_MESSAGES.timeZone }).refine(isValidTimeZone, { error: EVENT_MESSAGES.timeZone });

/**
 * The form sends wall-clock times in the event's zone ("2026-03-08T19:00", no offset) and the zone; the server
 * turns them into UTC instants with `zonedToUtc`. A time that does not exist (inside a spring-forward gap) is
 * moved forward by the gap, as calendars do.
 */
/** Months 01-12, days 01-31, hours 00-23, minutes 00-59 (a day past the month's end rolls over, as Date does). */
const LOCAL_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
const localDateTimeSchema = (error: string) => z.string({ error }).regex(LOCAL_DATE_TIME, { error });

const eventFields = {
  title: titleSchema,
  description: z.string().trim().max(EVENT_LIMITS.descriptionMax, { error: EVENT_MESSAGES.descriptionTooLong }),
  startsAtLocal: localDateTimeSchema(EVENT_MESSAGES.startsAt),
  endsAtLocal: localDateTimeSchema(EVENT_MESSAGES.endsAt),
  timeZone: timeZoneSchema,
  venue: z
    .string({ error: EVENT_MESSAGES.venueRequired })
    .trim()
    .min(1, { error: EVENT_MESSAGES.venueRequired })
    .max(EVENT_LIMITS.venueMax, { error: EVENT_MESSAGES.venueTooLong }),
  address: z.string().trim().max(EVENT_LIMITS.addressMax, { error: EVENT_MESSAGES.addressTooLong }),
  city: z.enum(CITIES, { error: EVENT_MESSAGES.city }).nullable(),
  visibility: z.enum(EVENT_VISIBILITIES, { error: EVENT_MESSAGES.visibility }),
  capacity: z
    .number({ error: EVENT_MESSAGES.capacity })
    .int({ error: EVENT_MESSAGES.capacity })
    .min(1, { error: EVENT_MESSAGES.capacity })
    .max(EVENT_LIMITS.capacityMax, { error: EVENT_MESSAGES.capacity })
    .nullable(),
  /** Plus-ones each member may bring; 0 means no guests. */
  guestsAllowed: z
    .number({ error: EVENT_MESSAGES.guestsAllowed })
    .int({ error: EVENT_MESSAGES.guestsAllowed })
    .min(0, { error: EVENT_MESSAGES.guestsAllowed })
    .max(EVENT_LIMITS.guestsMax, { error: EVENT_MESSAGES.guestsAllowed }),
};

/** Cross-field rules shared by create and edit (the server re-checks start/end against the zone). */
function checkTimes(
  v: { startsAtLocal?: string; endsAtLocal?: string; timeZone?: string },
  ctx: z.RefinementCtx,
) {
  // zod runs this refinement even when a field failed its own check: only well-formed values go on.
  if (!v.startsAtLocal || !v.endsAtLocal || !v.timeZone || !isValidTimeZone(v.timeZone)) return;
  if (!LOCAL_DATE_TIME.test(v.startsAtLocal) || !LOCAL_DATE_TIME.test(v.endsAtLocal)) return;
  const start = zonedToUtc(v.startsAtLocal, v.timeZone);
  const end = zonedToUtc(v.endsAtLocal, v.timeZone);
  if (end <= start) ctx.addIssue({ code: 'custom', path: ['endsAtLocal'], message: EVENT_MESSAGES.endBeforeStart });
  else if (end.getTime() - start.getTime() > EVENT_LIMITS.durationMaxDays * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['endsAtLocal'], message: EVENT_MESSAGES.tooLong });
}

function checkCommunityVisibility(v: { visibility?: EventVisibility; communityId?: string | null }, ctx: z.RefinementCtx) {
  if (v.visibility === 'community' && !v.communityId)
    ctx.addIssue({ code: 'custom', path: ['visibility'], message: EVENT_MESSAGES.communityVisibilityNeedsCommunity });
}

export const createEventSchema = z
  .object({
    ...eventFields,
    description: eventFields.description.optional().default(''),
    address: eventFields.address.optional().default(''),
    city: eventFields.city.optional().default(null),
    timeZone: timeZoneSchema.optional().default(CLUB_TIME_ZONE),
    capacity: eventFields.capacity.optional().default(null),
    guestsAllowed: eventFields.guestsAllowed.optional().default(0),
    communityId: z.uuid({ error: 'Choose a community' }).nullable().optional().default(null),
    /** Issue 12: one of the club's places (Locations); the venue and address stay the event's own words. */
    locationId: z.uuid({ error: EVENT_MESSAGES.locationUnknown }).nullable().optional().default(null),
    /** Issue 22: a price per seat makes the event paid (the host's payout account must be enabled). */
    priceAmount: eventPriceFields.priceAmount.optional().default(null),
    refundCutoffHours: eventPriceFields.refundCutoffHours.optional().default(PAYMENT_LIMITS.refundCutoffDefaultHours),
    claimWindowHours: eventPriceFields.claimWindowHours.optional().default(PAYMENT_LIMITS.claimWindowDefaultHours),
  })
  .superRefine((v, ctx) => {
    checkTimes(v, ctx);
    checkCommunityVisibility(v, ctx);
  });
export type CreateEventInput = z.input<typeof createEventSchema>;
export type CreateEventData = z.output<typeof createEventSchema>;

/**
 * PATCH: every field optional; the community is fixed once created. Times change together: startsAtLocal,
 * endsAtLocal and timeZone are sent as a set when any of them changes (the form always sends all three).
 */
export const updateEventSchema = z
  .object({
    title: eventFields.title.optional(),
    description: eventFields.description.optional(),
    startsAtLocal: eventFields.startsAtLocal.optional(),
    endsAtLocal: eventFields.endsAtLocal.optional(),
    timeZone: timeZoneSchema.optional(),
    venue: eventFields.venue.optional(),
    address: eventFields.address.optional(),
    city: eventFields.city.optional(),
    visibility: eventFields.visibility.optional(),
    capacity: eventFields.capacity.optional(),
    guestsAllowed: eventFields.guestsAllowed.optional(),
    /** Issue 12: the event's place (null: none). */
    locationId: z.uuid({ error: EVENT_MESSAGES.locationUnknown }).nullable().optional(),
    /** Issue 22: the paid terms (priceAmount null: free). The price is fixed once anyone registered. */
    priceAmount: eventPriceFields.priceAmount.optional(),
    refundCutoffHours: eventPriceFields.refundCutoffHours.optional(),
    claimWindowHours: eventPriceFields.claimWindowHours.optional(),
  })
  .superRefine((v, ctx) => {
    const anyTime = v.startsAtLocal !== undefined || v.endsAtLocal !== undefined || v.timeZone !== undefined;
    if (anyTime) {
      if (v.startsAtLocal === undefined) ctx.addIssue({ code: 'custom', path: ['startsAtLocal'], message: EVENT_MESSAGES.startsAt });
      if (v.endsAtLocal === undefined) ctx.addIssue({ code: 'custom', path: ['endsAtLocal'], message: EVENT_MESSAGES.endsAt });
      if (v.timeZone === undefined) ctx.addIssue({ code: 'custom', path: ['timeZone'], message: EVENT_MESSAGES.timeZone });
    }
    checkTimes(v, ctx);
  });
export type UpdateEventInput = z.input<typeof updateEventSchema>;

/** GET /api/events: upcoming (from today, club time) soonest first, keyset (startsAt, id). */
export const eventsQuerySchema = z.object({
  city: z.enum(CITIES, { error: EVENT_MESSAGES.city }).optional(),
  communityId: z.uuid({ error: 'Must be a valid id' }).optional(),
  range: z.enum(EVENT_RANGES, { error: 'Choose this week, this weekend or this month' }).optional(),
  /** Only events the caller is going to or waitlisted for. */
  going: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  /** Past events instead (newest first): a community's past events and hosts' attendance. */
  past: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional().default(EVENT_LIMITS.listPageSize),
});
export type EventsQuery = z.input<typeof eventsQuerySchema>;

/** GET /api/events/month?month=2026-12: the calendar view, same filters as the list. */
export const eventsMonthQuerySchema = z.object({
  month: z.string({ error: 'Choose a month' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Choose a month (YYYY-MM)' }),
  city: z.enum(CITIES, { error: EVENT_MESSAGES.city }).optional(),
  communityId: z.uuid({ error: 'Must be a valid id' }).optional(),
  going: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});

export const eventIdParamsSchema = z.object({ id: z.uuid({ error: EVENT_MESSAGES.notFound }) });
export const eventHostParamsSchema = z.object({
  id: z.uuid({ error: EVENT_MESSAGES.notFound }),
  userId: z.uuid({ error: 'Must be a valid id' }),
});
export const eventHostBodySchema = z.object({ role: z.enum(EVENT_HOST_ROLES, { error: 'Choose host or door helper' }) });

/** PUT /api/events/:id/rsvp: going (with guests) or not going. A full event puts `going` on the waitlist. */
export const rsvpSchema = z.object({
  status: z.enum(['going', 'not_going'], { error: 'Choose going or not going' }),
  guests: z
    .number({ error: EVENT_MESSAGES.guests })
    .int({ error: EVENT_MESSAGES.guests })
    .min(0, { error: EVENT_MESSAGES.guests })
    .max(EVENT_LIMITS.guestsMax, { error: EVENT_MESSAGES.guests })
    .optional()
    .default(0),
});
export type RsvpInput = z.input<typeof rsvpSchema>;

export const ticketCodeSchema = z
  .string({ error: EVENT_MESSAGES.codeFormat })
  .trim()
  .toUpperCase()
  .length(EVENT_LIMITS.ticketCodeLength, { error: EVENT_MESSAGES.codeFormat })
  .refine((s) => [...s].every((ch) => TICKET_CODE_ALPHABET.includes(ch)), { error: EVENT_MESSAGES.codeFormat });

/** POST /api/events/:id/check-ins: the scanned QR token, or the code typed at the door. */
export const checkInSchema = z
  .object({
    token: z.string().trim().min(1).max(200).optional(),
    code: ticketCodeSchema.optional(),
  })
  .refine((v) => (v.token ? 1 : 0) + (v.code ? 1 : 0) === 1, { error: 'Scan a ticket or type its code', path: ['code'] });
export type CheckInInput = z.input<typeof checkInSchema>;

export const attendeesQuerySchema = z.object({
  status: z.enum(['going', 'waitlisted'], { error: 'Choose going or waitlisted' }).optional().default('going'),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(EVENT_LIMITS.attendeesPageSize),
});

// ---------------------------------------------------------------------------------------------------------
// Views

export interface EventCommunityRef {
  id: string;
  name: string;
  urlSlug: string;
}

/** The caller's own registration, on the event page and on cards. */
export interface MyRegistrationView {
  status: RegistrationStatus;
  guests: number;
  /** 1-based place in the waitlist (first come, first served), when waitlisted. */
  waitlistPosition: number | null;
  /**
   * Why a waitlisted party has not moved up although seats are free: its party (1 + guests) is larger than the
   * seats left. E.g. 'Your party of 3 needs 3 seats; 1 is free. You keep your place.' Null otherwise.
   */
  waitlistReason: string | null;
  checkedInAt: string | null;
  /**
   * Issue 22, paid events (status awaiting_payment): seats held while the member pays in Checkout ('checkout'), or
   * a seat offered from the waitlist to claim by paying ('claim'), until expiresAt; then the seats pass on.
   */
  hold: { kind: 'checkout' | 'claim'; expiresAt: string } | null;
}

/** What the caller may do with the event (the server decides; the page only hides what would be refused). */
export interface EventPermissions {
  canEdit: boolean;
  canCancel: boolean;
  canRsvp: boolean;
  /** The caller created the event: going to it without an RSVP (decision 025). */
  isCreator: boolean;
  /** Hosts and door helpers (limited door helpers need scan_qr_codes). */
  canCheckIn: boolean;
  canSeeAttendees: boolean;
}

/** A card in lists and the calendar. */
export interface EventSummaryView {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: string;
  city: City | null;
  coverUrl: string | null;
  status: EventStatus;
  visibility: EventVisibility;
  community: EventCommunityRef | null;
  capacity: number | null;
  /** Seats taken (members going plus their guests). */
  goingCount: number;
  /** Everyone going: the seats taken plus the creator, who is going to their own event and holds no seat (decision 025). */
  attendingCount: number;
  waitlistCount: number;
  /** The caller's status; null for visitors and when not registered. */
  myStatus: RegistrationStatus | null;
  /**
   * The club's place it happens at (issue 12: /locations/{id}), or null: the event page has it too; on a card it
   * puts the event on the places' map (issue 21), for members who may see that place.
   */
  locationId: string | null;
  /** Issue 22: the price per seat, or null for a free event. */
  price: { amount: number; currency: Currency } | null;
}

export interface EventHostView extends MemberSummary {
  role: EventHostRole;
  isCreator: boolean;
}

export interface EventView extends EventSummaryView {
  description: string;
  address: string;
  guestsAllowed: number;
  hosts: EventHostView[];
  /**
   * Up to EVENT_LIMITS.goingPreview members going the caller may see, the creator first; empty for visitors and
   * applicants. Deactivated members and members blocked either way with the caller are never in it.
   */
  goingPreview: MemberSummary[];
  /** How many members going the caller may see (the creator included; the same rule as goingPreview); 0 for visitors. */
  goingMembers: number;
  /** The guests those members bring. */
  goingGuests: number;
  /** Raised on every edit; the .ics SEQUENCE. */
  sequence: number;
  createdAt: string;
  /** Null for visitors and applicants. */
  mine: MyRegistrationView | null;
  permissions: EventPermissions;
  /** Issue 22: the paid terms, or null for a free event. */
  paid: EventPriceView | null;
  /** Links built by the server: the .ics download and Google Calendar. */
  calendar: { icsUrl: string; googleUrl: string };
}

export type EventsPage = Page<EventSummaryView>;

/** PUT /api/events/:id/rsvp: the caller's registration and the event's counts (the page then refetches the event). */
export interface RsvpResult {
  mine: MyRegistrationView;
  capacity: number | null;
  goingCount: number;
  waitlistCount: number;
}

export interface AttendeeView {
  member: MemberSummary;
  /** The creator, going to their own event without a registration (first on the first page of who's going). */
  isHost: boolean;
  status: 'going' | 'waitlisted';
  guests: number;
  /** Hosts only: when they were checked in. */
  checkedInAt: string | null;
}

export interface TicketView {
  eventId: string;
  registrationId: string;
  /** The 6-character code typed at the door. */
  code: string;
  /** The signed token the QR carries. */
  token: string;
  /** The QR as an SVG document (server-rendered, cached offline); null for a limited member without generate_qr_codes. */
  qrSvg: string | null;
  partySize: number;
  checkedInAt: string | null;
}

/** POST /api/events/:id/check-ins answers 200 with this when admitted; 409 (used) and 422 (other event, cancelled) carry it too. */
export interface CheckInResult {
  outcome: 'checked_in' | 'already_used' | 'other_event' | 'cancelled' | 'invalid';
  message: string;
  guest: MemberSummary | null;
  partySize: number | null;
  checkedInAt: string | null;
}

export interface CheckInListView {
  going: number;
  checkedIn: number;
  items: Array<{ registrationId: string; member: MemberSummary; partySize: number; checkedInAt: string }>;
}

/** Hosts, after (or during) the event. */
export interface AttendanceView {
  going: number;
  checkedIn: number;
  noShows: number;
  /** Seats (parties) rather than members: guests counted. */
  seatsGoing: number;
  seatsCheckedIn: number;
  members: Array<{ member: MemberSummary; partySize: number; checkedInAt: string | null }>;
}

/** GET/POST /api/calendar-feed: the member's secret calendar URL (POST makes a new one; the old stops working). */
export interface CalendarFeedView {
  /** Only in the POST answer: only the token's SHA-256 is stored, so an existing feed's URL cannot be shown again. */
  url: string | null;
  /** The member has a feed (GET: "regenerate" to get a new URL; the old one stops working). */
  active: boolean;
}

/** Realtime: the door list and the member's own registration change live. */
export type EventServerEvent =
  | { type: 'event:checkin'; eventId: string; registrationId: string }
  /** The member's registration for the event changed (promoted from the waitlist, event cancelled or edited). */
  | { type: 'event:registration'; eventId: string };

declare module './realtime.js' {
  interface ServerEvents {
    events: EventServerEvent;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Time helpers, shared by the server (validation, filters, .ics) and the web (display, form)

/** "2026-03-08T19:00" in `zone` -> the UTC instant. A time inside a DST gap moves forward by the gap. */
export function zonedToUtc(local: string, zone: string): Date {
  const [datePart, timePart] = local.split('T');
  const [y, m, d] = datePart!.split('-').map(Number);
  const [hh, mm] = timePart!.split(':').map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, hh!, mm!, 0, zone).getTime());
}

/** The instant as wall-clock "YYYY-MM-DDTHH:mm" in `zone` (the edit form's value). */
export function utcToZonedLocal(instant: Date | string, zone: string): string {
  const t = new TZDate(new Date(instant).getTime(), zone);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())}T${p(t.getHours())}:${p(t.getMinutes())}`;
}

/** Midnight today in the club's zone: "upcoming" starts here. */
export function clubStartOfToday(now: Date = new Date()): Date {
  return new Date(startOfDay(new TZDate(now.getTime(), CLUB_TIME_ZONE)).getTime());
}

/**
 * The [from, to) window of a filter in club time. Week: today until next Monday 00:00. Weekend: Friday 00:00 (or
 * today when already Fri-Sun) until Monday 00:00. Month: today until the first of next month.
 */
export function eventRangeWindow(range: EventRange, now: Date = new Date()): { from: Date; to: Date } {
  const today = startOfDay(new TZDate(now.getTime(), CLUB_TIME_ZONE));
  const dow = today.getDay(); // 0 Sunday .. 6 Saturday
  const daysToMonday = dow === 0 ? 1 : 8 - dow;
  const nextMonday = addDays(today, daysToMonday);
  let from: Date = today;
  let to: Date;
  if (range === 'week') to = nextMonday;
  else if (range === 'weekend') {
    from = dow === 0 || dow >= 5 ? today : addDays(today, 5 - dow);
    to = nextMonday;
  } else to = addDays(endOfMonth(today), 1);
  return { from: new Date(startOfDay(from).getTime()), to: new Date(startOfDay(to).getTime()) };
}

/** The [from, to) UTC window of a calendar month in club time ("2026-12"). */
export function clubMonthWindow(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number);
  const first = startOfMonth(new TZDate(y!, m! - 1, 1, 0, 0, 0, CLUB_TIME_ZONE));
  return { from: new Date(first.getTime()), to: new Date(addMonths(first, 1).getTime()) };
}

/** Google Calendar "add event" link (UTC times with Z, so Google places it right in any zone). */
export function googleCalendarUrl(e: { title: string; startsAt: string; endsAt: string; description?: string; location?: string; timeZone: string }): string {
  const fmt = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${fmt(e.startsAt)}/${fmt(e.endsAt)}`,
    ctz: e.timeZone,
  });
  if (e.description) params.set('details', e.description.slice(0, 1000));
  if (e.location) params.set('location', e.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
