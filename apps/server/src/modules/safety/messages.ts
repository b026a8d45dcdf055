import { SAFETY_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Blocks and reports: error texts. */
export const SAFETY_ERRORS = serverMessages('safety', {
  memberUnavailable: 'This member is not available',
  cannotBlockSelf: SAFETY_MESSAGES.cannotBlockSelf,
  cannotReportSelf: SAFETY_MESSAGES.cannotReportSelf,
  conversationUnavailable: 'This conversation is not available',
});
