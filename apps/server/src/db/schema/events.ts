import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { communities } from './communities.js';
import { locations } from './locations.js';

const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Events (issue 11, decision 015). Times are UTC instants plus the event's IANA zone. Seat counts are kept on the
 * row, changed only under the row's lock (SELECT ... FOR UPDATE), so concurrent RSVPs never overbook.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The creator: always a host. Null once their account is deleted (co-hosts keep the event). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Large-variant key in post-images (events/{id}/{ts}-cover); the 480/160 variants follow the convention. */
    coverImageKey: text('cover_image_key'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    venue: text('venue').notNull(),
    address: text('address').notNull().default(''),
    city: text('city'),
    /** The club's place the event happens at (issue 12); places are deactivated, not deleted. */
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    visibility: text('visibility', { enum: ['public', 'members', 'community'] }).notNull().default('members'),
    status: text('status', { enum: ['scheduled', 'cancelled'] }).notNull().default('scheduled'),
    /** Seats; null is unlimited. */
    capacity: integer('capacity'),
    guestsAllowed: integer('guests_allowed').notNull().default(0),
    /** Seats taken by going registrations (members plus guests), and waitlisted registrations. */
    goingCount: integer('going_count').notNull().default(0),
    waitlistCount: integer('waitlist_count').notNull().default(0),
    /**
     * Issue 22: a price per seat (minor units of `currency`, the host's payout country's) makes the event paid;
     * null is free. Refunds in full until refund_cutoff_hours before the start; a seat offered from the waitlist
     * waits claim_window_hours for its payment (shorter near the start).
     */
    priceAmount: integer('price_amount'),
    currency: text('currency'),
    refundCutoffHours: integer('refund_cutoff_hours').notNull().default(24),
    claimWindowHours: integer('claim_window_hours').notNull().default(12),
    /** Raised on every edit and on cancel: the .ics SEQUENCE. */
    sequence: integer('sequence').notNull().default(0),
    /** Reminders sent (the day before, an hour before): set by the job in the transaction that sends them. */
    remindedDayAt: ts('reminded_day_at'),
    remindedHourAt: ts('reminded_hour_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // /events: upcoming soonest first, keyset (starts_at, id); with a city or a community.
    index('events_starts_idx').on(t.startsAt, t.id),
    // A member's own events, soonest first: they are going to them (decision 025), so "Going" lists them.
    index('events_creator_starts_idx').on(t.createdBy, t.startsAt, t.id),
    index('events_city_starts_idx').on(t.city, t.startsAt, t.id),
    index('events_community_starts_idx').on(t.communityId, t.startsAt, t.id),
    // A place's upcoming events (issue 12) and the venue check-in's "happening now here".
    index('events_location_starts_idx').on(t.locationId, t.startsAt, t.id).where(sql`${t.locationId} IS NOT NULL`),
    // The reminder job: scheduled events starting soon whose reminders are not sent.
    index('events_reminders_idx').on(t.startsAt).where(sql`${t.status} = 'scheduled' AND ${t.remindedHourAt} IS NULL`),
    // Search (issue 13): title and description, folded (bayclub_fold, migration 0024: lower case, accents off).
    index('events_title_fold_trgm_idx').using('gin', sql`bayclub_fold(${t.title}) gin_trgm_ops`),
    index('events_description_fold_trgm_idx').using('gin', sql`bayclub_fold(${t.description}) gin_trgm_ops`),
    // The city is searched with them ("tampa yoga"): indexed too, so a rare word is found through the three indexes
    // rather than by reading every upcoming event.
    index('events_city_trgm_idx').using('gin', sql`${t.city} gin_trgm_ops`),
    check('events_title_length', sql`char_length(${t.title}) BETWEEN 3 AND 120`),
    check('events_description_length', sql`char_length(${t.description}) <= 5000`),
    check('events_times', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_capacity', sql`${t.capacity} IS NULL OR ${t.capacity} BETWEEN 1 AND 5000`),
    check('events_guests', sql`${t.guestsAllowed} BETWEEN 0 AND 10`),
    check('events_counts', sql`${t.goingCount} >= 0 AND ${t.waitlistCount} >= 0`),
    check('events_price', sql`${t.priceAmount} IS NULL OR (${t.priceAmount} BETWEEN 50 AND 1000000 AND ${t.currency} IS NOT NULL)`),
    check('events_paid_terms', sql`${t.refundCutoffHours} BETWEEN 0 AND 720 AND ${t.claimWindowHours} BETWEEN 1 AND 72`),
    check('events_community_visibility', sql`${t.visibility} <> 'community' OR ${t.communityId} IS NOT NULL`),
  ],
);

/** Hosts besides the creator (role host), and door helpers who only check guests in (role door). */
export const eventHosts = pgTable(
  'event_hosts',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['host', 'door'] }).notNull().default('host'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_hosts_user_idx').on(t.userId)],
);

/**
 * One registration per member and event. going and waitlisted hold seats or a place; not_going keeps the row (a
 * member who changes their mind keeps their ticket code). waitlisted_at orders the waitlist, first come first
 * served; it is set when the member joins the waitlist and cleared on promotion.
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** awaiting_payment (issue 22): seats held on a paid event until hold_expires_at, while the member pays. */
    status: text('status', { enum: ['going', 'waitlisted', 'not_going', 'awaiting_payment'] }).notNull(),
    guests: integer('guests').notNull().default(0),
    waitlistedAt: ts('waitlisted_at'),
    /** checkout: the member opened Checkout; claim: a seat offered from the paid waitlist. */
    holdKind: text('hold_kind', { enum: ['checkout', 'claim'] }),
    holdExpiresAt: ts('hold_expires_at'),
    /** The manual door code, unique per event (TICKET_CODE_ALPHABET). */
    ticketCode: text('ticket_code').notNull(),
    checkedInAt: ts('checked_in_at'),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_registrations_member_key').on(t.eventId, t.userId),
    uniqueIndex('event_registrations_code_key').on(t.eventId, t.ticketCode),
    // Who's going (newest first) and the waitlist (first come, first served).
    index('event_registrations_going_idx').on(t.eventId, t.status, t.createdAt, t.id),
    index('event_registrations_waitlist_idx').on(t.eventId, t.waitlistedAt, t.id).where(sql`${t.status} = 'waitlisted'`),
    // "Going" filter and the calendar feed: a member's registrations.
    index('event_registrations_user_idx').on(t.userId, t.status, t.eventId),
    // The back office's "check-ins this week" at events' doors (issue 23).
    index('event_registrations_checked_in_idx').on(t.checkedInAt).where(sql`${t.checkedInAt} IS NOT NULL`),
    // The payments sweep: holds that ran out.
    index('event_registrations_holds_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'awaiting_payment'`),
    check('event_registrations_guests', sql`${t.guests} BETWEEN 0 AND 10`),
    check('event_registrations_hold', sql`(${t.status} = 'awaiting_payment') = (${t.holdExpiresAt} IS NOT NULL AND ${t.holdKind} IS NOT NULL)`),
  ],
);

/** A member's secret calendar feed: only the SHA-256 of the token is stored; regenerate replaces it. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
