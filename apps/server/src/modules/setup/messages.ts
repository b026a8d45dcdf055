import { USERNAME_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** The first admin's setup link: error texts. */
export const SETUP_ERRORS = serverMessages('setup', {
  linkInvalid: 'This setup link is invalid or was already used',
  adminExists: 'An admin account already exists. Sign in instead.',
  emailTaken: 'An account with this email already exists',
  usernameTaken: USERNAME_MESSAGES.taken,
  accountExists: 'An account with this email or username already exists',
});
