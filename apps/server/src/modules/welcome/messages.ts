import { serverMessages } from '../../platform/errors.js';

/** Home's welcome: error texts. */
export const WELCOME_ERRORS = serverMessages('welcome', {
  approvedOnly: 'The welcome is for approved members',
});
