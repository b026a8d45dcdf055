import type { CommunityMemberRole, CommunityVisibility, EventHostRole, EventStatus, EventVisibility, MembershipStatus } from '@bayclub/shared';
import { canSeeMembers, isAdmin, type Actor } from '../access/index.js';

/** What the event decisions need to know about an event and the caller (one statement: access.ts loadEventAccess). */
export interface EventAccessFacts {
  visibility: EventVisibility;
  status: EventStatus;
  endsAt: Date;
  createdBy: string | null;
  communityId: string | null;
  communityVisibility: CommunityVisibility | null;
  /** The caller's membership of the event's community. */
  membershipStatus: MembershipStatus | null;
  membershipRole: CommunityMemberRole | null;
  /** The caller's row in event_hosts (the creator has none: isCreator). */
  hostRole: EventHostRole | null;
  /** The creator is deactivated, or the caller and the creator blocked each other: the event is not there for them. */
  hiddenFromCaller: boolean;
}

export interface EventViewerState {
  canView: boolean;
  /** Approved members who can view: who's going, hosts' profiles, RSVP. */
  canSeeAttendees: boolean;
  canRsvp: boolean;
  /** The caller created the event: going without an RSVP, holding no seat (decision 025). */
  isCreator: boolean;
  isHost: boolean;
  canEdit: boolean;
  canCancel: boolean;
  /** Add or remove co-hosts and door helpers: the creator and admins. */
  canManageHosts: boolean;
  canCheckIn: boolean;
  /** Attendance (going, checked in, no-shows) and the waitlist: hosts, community staff, admins. */
  canSeeAttendance: boolean;
}

const NONE: EventViewerState = {
  canView: false,
  canSeeAttendees: false,
  canRsvp: false,
  isCreator: false,
  isHost: false,
  canEdit: false,
  canCancel: false,
  canManageHosts: false,
  canCheckIn: false,
  canSeeAttendance: false,
};

/**
 * The one decision about a caller and an event (decision 015), used by every events route, the list's SQL filter
 * (which must say the same: events/repository `visibleEventsFilter`), the calendar feed and the socket fan-out.
 * - view: public events for anyone (visitors and applicants too); members-only events for approved members;
 *   community-only events for the community's active members and admins. Never when the creator is deactivated
 *   or blocked either way (404, as for an unknown id).
 * - RSVP and who's going: approved members who can view, while the event is scheduled and not over.
 * - edit and cancel: the creator and co-hosts, the community's creator and moderators, admins; not once cancelled.
 * - check in: hosts, and door helpers (a limited door helper needs scan_qr_codes: `scanAllowed`).
 */
export function eventViewer(
  actor: Actor | null,
  e: EventAccessFacts,
  opts: { scanAllowed: boolean; now?: Date },
): EventViewerState {
  if (e.hiddenFromCaller) return NONE;
  const approved = canSeeMembers(actor);
  const admin = isAdmin(actor);
  const activeInCommunity = e.membershipStatus === 'active';
  const canView =
    e.visibility === 'public' || (approved && (e.visibility === 'members' || activeInCommunity || admin));
  if (!canView) return NONE;
  const isCreator = !!actor && e.createdBy === actor.userId;
  const isHost = approved && (isCreator || e.hostRole === 'host');
  const communityStaff = activeInCommunity && (e.membershipRole === 'creator' || e.membershipRole === 'moderator');
  const scheduled = e.status === 'scheduled';
  const notOver = e.endsAt.getTime() > (opts.now ?? new Date()).getTime();
  const manages = isHost || (approved && communityStaff) || admin;
  return {
    canView: true,
    canSeeAttendees: approved,
    canRsvp: approved && scheduled && notOver,
    isCreator: approved && isCreator,
    isHost,
    canEdit: manages && scheduled,
    canCancel: manages && scheduled,
    canManageHosts: ((approved && isCreator) || admin) && scheduled,
    canCheckIn: approved && scheduled && (isHost || (e.hostRole === 'door' && opts.scanAllowed)),
    canSeeAttendance: manages,
  };
}

/**
 * May the caller create an event (in `community` when given)? The route demands the create_events flag; this adds
 * that the caller is an approved member, and an active member of the community.
 */
export function canCreateEvent(actor: Actor | null, community: { membershipStatus: MembershipStatus | null } | null) {
  if (!canSeeMembers(actor)) return false;
  return !community || community.membershipStatus === 'active';
}
