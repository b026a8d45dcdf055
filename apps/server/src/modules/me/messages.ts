import { PROFILE_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** The member's own view and profile recovery: error texts (the spec's). */
export const ME_ERRORS = serverMessages('me', {
  notRecovered: PROFILE_MESSAGES.notRecovered,
});
