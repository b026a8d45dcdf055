import { CRM_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** The CRM's error texts (the contract's). */
export const CRM_ERRORS = serverMessages('crm', {
  notFound: CRM_MESSAGES.notFound,
  noteNotFound: CRM_MESSAGES.noteNotFound,
  noteNotYours: CRM_MESSAGES.noteNotYours,
  tooManyTags: CRM_MESSAGES.tooManyTags,
  tagNotFound: 'This member does not have that tag',
  segmentNotFound: CRM_MESSAGES.segmentNotFound,
  segmentNotYours: CRM_MESSAGES.segmentNotYours,
  tooManySegments: CRM_MESSAGES.tooManySegments,
  readOnly: CRM_MESSAGES.readOnly,
  privateToStaff: CRM_MESSAGES.privateToStaff,
  communityNotFound: CRM_MESSAGES.communityNotFound,
  communityNotYours: CRM_MESSAGES.communityNotYours,
  noAccess: 'You do not have access to the CRM',
  staffOnly: 'Only the club’s CRM staff can do this',
});
