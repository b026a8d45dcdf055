import { LOCATION_MESSAGES, PROFILE_VIEW_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Places and check-ins: error texts (the door's and the places' refusals are answers, not errors: check-ins.ts). */
export const LOCATIONS_ERRORS = serverMessages('locations', {
  notFound: LOCATION_MESSAGES.notFound,
  viewNotAllowed: LOCATION_MESSAGES.viewNotAllowed,
  manageNotAllowed: LOCATION_MESSAGES.manageNotAllowed,
  qrNotAllowed: LOCATION_MESSAGES.qrNotAllowed,
  managersAdminOnly: LOCATION_MESSAGES.managersAdminOnly,
  managerNotMember: LOCATION_MESSAGES.managerNotMember,
  managerNotFound: LOCATION_MESSAGES.managerNotFound,
  imageMissing: LOCATION_MESSAGES.imageMissing,
  photosFull: LOCATION_MESSAGES.photosFull,
  checkInNotAllowed: LOCATION_MESSAGES.checkInNotAllowed,
  checkInNotFound: LOCATION_MESSAGES.checkInNotFound,
  alreadyCheckedOut: LOCATION_MESSAGES.alreadyCheckedOut,
  noProfile: PROFILE_VIEW_MESSAGES.noProfile,
});
