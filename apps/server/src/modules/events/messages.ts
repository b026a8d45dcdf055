import { COMMUNITY_MESSAGES, EVENT_MESSAGES, PAYMENT_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Events, hosts, RSVPs, the door and calendar feeds: error texts. */
export const EVENTS_ERRORS = serverMessages('events', {
  notFound: EVENT_MESSAGES.notFound,
  locationUnknown: EVENT_MESSAGES.locationUnknown,
  startsInPast: EVENT_MESSAGES.startsInPast,
  createApprovedOnly: 'Only approved members can create events',
  communityNotFound: COMMUNITY_MESSAGES.notFound,
  notCommunityMember: EVENT_MESSAGES.notCommunityMember,
  privateCommunityEvent: EVENT_MESSAGES.privateCommunityEvent,
  communityVisibilityNeedsCommunity: EVENT_MESSAGES.communityVisibilityNeedsCommunity,
  capacityBelowGoing: EVENT_MESSAGES.capacityBelowGoing,
  notHost: EVENT_MESSAGES.notHost,
  cancelled: EVENT_MESSAGES.cancelled,
  alreadyCancelled: EVENT_MESSAGES.alreadyCancelled,
  ended: EVENT_MESSAGES.ended,
  hostIsGoing: EVENT_MESSAGES.hostIsGoing,
  creatorIsHost: EVENT_MESSAGES.creatorIsHost,
  hostNotFound: EVENT_MESSAGES.hostNotFound,
  tooManyHosts: EVENT_MESSAGES.tooManyHosts,
  imageMissing: EVENT_MESSAGES.imageMissing,
  notDoorStaff: EVENT_MESSAGES.notDoorStaff,
  guests: EVENT_MESSAGES.guests,
  noGuests: EVENT_MESSAGES.noGuests,
  // Decision 015: a bigger party that does not fit keeps the seats already held.
  partyDoesNotFit: ({ party, available, held }: { party: number; available: number; held: number }) =>
    `Your party of ${party} needs ${party} seats; only ${available} ${available === 1 ? 'is' : 'are'} available. You keep your ${held} ${held === 1 ? 'seat' : 'seats'}.`,
  calendarNotAllowed: EVENT_MESSAGES.calendarNotAllowed,
  calendarLinkInvalid: 'This calendar link is not valid',
  // Paid events (issue 22): the money's own steps go through the payments module.
  sellerNotReady: PAYMENT_MESSAGES.sellerNotReady,
  priceLocked: PAYMENT_MESSAGES.priceLocked,
  paidEventUseCheckout: PAYMENT_MESSAGES.paidEventUseCheckout,
  paidEventUseCancel: PAYMENT_MESSAGES.paidEventUseCancel,
});
