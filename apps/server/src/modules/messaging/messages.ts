import { MESSAGING_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Conversations and messages: error texts. */
export const MESSAGING_ERRORS = serverMessages('messaging', {
  notFound: MESSAGING_MESSAGES.notFound,
  sendFailed: MESSAGING_MESSAGES.sendFailed,
  noMatch: MESSAGING_MESSAGES.noMatch,
  ownProfile: MESSAGING_MESSAGES.ownProfile,
  attachmentInvalid: MESSAGING_MESSAGES.attachmentInvalid,
  clientIdReused: 'This message id was already used',
  memberUnavailable: 'This member is not available',
  messageUnavailable: 'This message is not available',
});
