import { serverMessages } from '../../platform/errors.js';

/** The audit log: error texts. */
export const AUDIT_ERRORS = serverMessages('audit', {
  readersOnly: 'Only admins and moderators can read the audit log',
});
