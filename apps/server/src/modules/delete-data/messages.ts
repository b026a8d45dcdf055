import { DELETE_DATA_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** /delete-data and Meta's data-deletion callback. */
export const DELETE_DATA_ERRORS = serverMessages('delete-data', {
  invalidLink: DELETE_DATA_MESSAGES.invalidLink,
  notFound: DELETE_DATA_MESSAGES.notFound,
  confirmFailed: DELETE_DATA_MESSAGES.confirmFailed,
  badSignedRequest: DELETE_DATA_MESSAGES.badSignedRequest,
});
