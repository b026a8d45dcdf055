import { COMMUNITY_MESSAGES, LINKEDIN_MESSAGES, USERNAME_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Applying and deciding applications: error texts. */
export const APPLICATIONS_ERRORS = serverMessages('applications', {
  emailTaken: 'An account with this email already exists',
  usernameTaken: USERNAME_MESSAGES.taken,
  usernameTakenByCommunity: COMMUNITY_MESSAGES.usernameTakenByCommunity,
  notFound: 'Application not found',
  linkedinEmailMismatch: LINKEDIN_MESSAGES.emailMismatch,
  linkedinAlreadyLinked: LINKEDIN_MESSAGES.alreadyLinked,
  // One entry per decision (the text used to be built from the status), so each reads whole in any language.
  alreadyApproved: 'This application was already approved',
  alreadyRejected: 'This application was already rejected',
});
