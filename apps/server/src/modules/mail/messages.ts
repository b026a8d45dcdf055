import { serverMessages } from '../../platform/errors.js';

/** The mail module's error catalogue (the unsubscribe link and the preferences). */
export const MAIL_ERRORS = serverMessages('mail', {
  invalidLink: 'This unsubscribe link is not valid. You can turn mails off in Settings → Notifications.',
});
