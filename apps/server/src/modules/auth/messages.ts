import { suspendedSignInMessage } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Sign-in, password reset and change, and the bridge to better-auth: error texts. */
export const AUTH_ERRORS = serverMessages('auth', {
  // better-auth's own refusal text, passed through unchanged: its body's code (INVALID_EMAIL_OR_PASSWORD, ...) is
  // better-auth's stable code for it, so a translation keys on that.
  betterAuthMessage: ({ message }: { message: string }) => message,
  // A suspended member's sign-in with the admin's reason (the reason is the admin's own words, never translated).
  suspendedSignInWithReason: ({ reason }: { reason: string }) => suspendedSignInMessage(reason),
  // better-auth's answer carried no text of its own.
  requestFailed: 'Request failed',
  // better-auth's own rate limit (429), in our words.
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  // Our per-account sign-in throttle (sign-in-throttle.ts).
  signInThrottled: 'Too many attempts. Please wait a few minutes and try again.',
  currentPasswordIncorrect: 'Current password is incorrect',
});
