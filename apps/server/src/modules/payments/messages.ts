import { EVENT_MESSAGES, PAYMENT_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Payout accounts, paid seats, refunds and webhooks: error texts (packages/shared PAYMENT_MESSAGES). */
export const PAYMENTS_ERRORS = serverMessages('payments', {
  notPaidEvent: PAYMENT_MESSAGES.notPaidEvent,
  hostCannotSell: PAYMENT_MESSAGES.hostCannotSell,
  alreadyGoing: PAYMENT_MESSAGES.alreadyGoing,
  waitlisted: PAYMENT_MESSAGES.waitlisted,
  claimEnded: 'Your time to claim this seat has ended; it passed to the next person on the waitlist',
  nothingToCancel: PAYMENT_MESSAGES.nothingToCancel,
  sessionUnknown: PAYMENT_MESSAGES.sessionUnknown,
  stripeUnavailable: PAYMENT_MESSAGES.stripeUnavailable,
  badSignature: PAYMENT_MESSAGES.badSignature,
  notHost: EVENT_MESSAGES.notHost,
  ended: EVENT_MESSAGES.ended,
  cancelled: EVENT_MESSAGES.cancelled,
  guests: EVENT_MESSAGES.guests,
  noGuests: EVENT_MESSAGES.noGuests,
  noPayoutAccount: 'Set up your payout account first',
});
