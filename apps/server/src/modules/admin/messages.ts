import { ADMIN_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** The back office's members section: error texts (the contract's where it has them). */
export const ADMIN_ERRORS = serverMessages('admin', {
  notFound: ADMIN_MESSAGES.notFound,
  lastAdmin: ADMIN_MESSAGES.lastAdmin,
  alreadySuspended: ADMIN_MESSAGES.alreadySuspended,
  notSuspended: ADMIN_MESSAGES.notSuspended,
  selfSuspend: ADMIN_MESSAGES.selfSuspend,
  deleteFailed: 'Could not delete the account. Please try again.',
});
