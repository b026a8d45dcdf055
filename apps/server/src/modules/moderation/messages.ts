import { MODERATION_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** The reports queue and event / place reports: error texts. */
export const MODERATION_ERRORS = serverMessages('moderation', {
  moderatorsOnly: MODERATION_MESSAGES.moderatorsOnly,
  notYourCommunity: MODERATION_MESSAGES.notYourCommunity,
  adminsOnlySuspend: MODERATION_MESSAGES.adminsOnlySuspend,
  reportNotFound: MODERATION_MESSAGES.reportNotFound,
  alreadyResolved: MODERATION_MESSAGES.alreadyResolved,
  actionNotAvailable: MODERATION_MESSAGES.actionNotAvailable,
  alreadyReportedEvent: MODERATION_MESSAGES.alreadyReportedEvent,
  alreadyReportedPlace: MODERATION_MESSAGES.alreadyReportedPlace,
  cannotReportOwnEvent: MODERATION_MESSAGES.cannotReportOwnEvent,
  cannotReportOwnPlace: MODERATION_MESSAGES.cannotReportOwnPlace,
  eventNotFound: 'This event is not available',
  placeNotFound: 'This place is not available',
  cannotBan: 'You cannot ban this member from the community',
});
