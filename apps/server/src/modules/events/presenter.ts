import {
  googleCalendarUrl,
  type AttendeeView,
  type City,
  type Currency,
  type EventPermissions,
  type EventSummaryView,
  type EventView,
  type MyRegistrationView,
  type RegistrationStatus,
} from '@bayclub/shared';
import { publicUrl } from '../../platform/storage/storage.js';
import { presentMember, type MemberJson } from '../access/index.js';
import type { AttendeeRow, EventDetailRow, EventSummaryRow } from './repository.js';
import type { EventViewerState } from './policy.js';

/** Event covers live in post-images under events/{id}/ like community images; the web picks 480/160 variants. */
const coverUrlOf = (key: string | null) => (key ? publicUrl('post-images', key) : null);
const iso = (d: Date | string) => new Date(d).toISOString();

/** A registration reads as cancelled once the event is (never stored: RegistrationStatus). */
export function registrationStatus(stored: string | null, eventStatus: string): RegistrationStatus | null {
  if (!stored) return null;
  if (eventStatus === 'cancelled' && stored !== 'not_going') return 'cancelled';
  return stored as RegistrationStatus;
}

/** A card in lists and the calendar: a whitelist of the row. */
export function presentSummary(r: EventSummaryRow): EventSummaryView {
  return {
    id: r.id,
    title: r.title,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    timeZone: r.time_zone,
    venue: r.venue,
    city: (r.city as City | null) ?? null,
    coverUrl: coverUrlOf(r.cover_image_key),
    status: r.status,
    visibility: r.visibility,
    community: r.community_id && r.community_name && r.community_slug ? { id: r.community_id, name: r.community_name, urlSlug: r.community_slug } : null,
    capacity: r.capacity,
    goingCount: r.going_count,
    attendingCount: r.attending_count,
    waitlistCount: r.waitlist_count,
    myStatus: registrationStatus(r.my_status, r.status),
    locationId: r.location_id,
    price: r.price_amount !== null && r.currency ? { amount: r.price_amount, currency: r.currency as Currency } : null,
  };
}

/** The event page. `mine` and the people lists are only filled for callers who may see them (the service decides). */
export function presentEvent(
  r: EventDetailRow,
  viewer: EventViewerState,
  mine: MyRegistrationView | null,
): EventView {
  const summary = presentSummary({ ...r, my_status: null });
  const permissions: EventPermissions = {
    canEdit: viewer.canEdit,
    canCancel: viewer.canCancel,
    // The creator is going without an RSVP: the page offers them none (a registration from before decision 025
    // may still be given up through the API).
    canRsvp: viewer.canRsvp && !viewer.isCreator,
    isCreator: viewer.isCreator,
    canCheckIn: viewer.canCheckIn,
    canSeeAttendees: viewer.canSeeAttendees,
  };
  const location = [r.venue, r.address].filter(Boolean).join(', ');
  return {
    ...summary,
    myStatus: mine?.status ?? null,
    description: r.description,
    address: r.address,
    guestsAllowed: r.guests_allowed,
    hosts: viewer.canSeeAttendees ? r.hosts.map((h) => ({ ...presentMember(h), role: h.role, isCreator: h.isCreator })) : [],
    goingPreview: viewer.canSeeAttendees ? r.going_preview.map(presentMember) : [],
    goingMembers: viewer.canSeeAttendees ? r.going_members : 0,
    goingGuests: viewer.canSeeAttendees ? r.going_guests : 0,
    sequence: r.sequence,
    createdAt: iso(r.created_at),
    paid:
      summary.price === null
        ? null
        : {
            ...summary.price,
            refundCutoffHours: r.refund_cutoff_hours,
            claimWindowHours: r.claim_window_hours,
            refundsUntil: new Date(new Date(r.starts_at).getTime() - r.refund_cutoff_hours * 3_600_000).toISOString(),
          },
    mine,
    permissions,
    calendar: {
      icsUrl: `/api/events/${r.id}/calendar.ics`,
      googleUrl: googleCalendarUrl({
        title: r.title,
        startsAt: summary.startsAt,
        endsAt: summary.endsAt,
        description: r.description,
        location,
        timeZone: r.time_zone,
      }),
    },
  };
}

/** The creator at the top of who's going: no registration, so no guests and no check-in (decision 025). */
export const presentHostAttendee = (host: MemberJson): AttendeeView => ({
  member: presentMember(host),
  isHost: true,
  status: 'going',
  guests: 0,
  checkedInAt: null,
});

/** Who's going or waitlisted; checkedInAt only for those who see attendance (hosts, staff, admins). */
export function presentAttendee(r: AttendeeRow, seesAttendance: boolean): AttendeeView {
  return {
    member: presentMember(r),
    isHost: false,
    status: r.status,
    guests: r.guests,
    checkedInAt: seesAttendance && r.checked_in_at ? iso(r.checked_in_at) : null,
  };
}
