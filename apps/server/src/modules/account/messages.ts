import { ACCOUNT_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Deactivating, reactivating and deleting one's account: the spec's texts. */
export const ACCOUNT_ERRORS = serverMessages('account', {
  noProfile: ACCOUNT_MESSAGES.noProfile,
  notDeactivated: ACCOUNT_MESSAGES.notDeactivated,
  noUser: ACCOUNT_MESSAGES.noUser,
  lastAdmin: ACCOUNT_MESSAGES.lastAdmin,
  deleteFailed: ACCOUNT_MESSAGES.deleteFailed,
});
