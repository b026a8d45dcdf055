import { z } from 'zod';

/**
 * Apply with LinkedIn (issue 24, decision 034). The server keeps a verified LinkedIn identity in a short-lived signed
 * cookie after the OAuth round-trip; the Apply form reads it here to prefill the name, email and picture.
 */
export const LINKEDIN_INTENTS = ['apply', 'signin'] as const;
export type LinkedinIntent = (typeof LINKEDIN_INTENTS)[number];

export const linkedinStartQuerySchema = z.object({
  intent: z.enum(LINKEDIN_INTENTS, { error: 'intent must be apply or signin' }).optional().default('apply'),
});

export const linkedinPrefillSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  /** LinkedIn says it verified the email: the Apply form shows it read-only and the server holds the application to it. */
  emailVerified: z.boolean(),
  pictureUrl: z.string().nullable(),
});
export type LinkedinPrefill = z.infer<typeof linkedinPrefillSchema>;
export interface LinkedinPrefillView {
  prefill: LinkedinPrefill | null;
}

/** Where the server sends the browser back to, and the `linkedin_error` it adds when the round-trip failed. */
export const LINKEDIN_ERROR_CODES = ['cancelled', 'state', 'failed', 'suspended'] as const;
export type LinkedinErrorCode = (typeof LINKEDIN_ERROR_CODES)[number];
export const LINKEDIN_MESSAGES = {
  cancelled: 'LinkedIn sign-in was cancelled. You can try again or fill in the form yourself.',
  state: 'That LinkedIn sign-in could not be checked (it may have been opened twice or expired). Please try again.',
  failed: 'LinkedIn could not be reached or refused the sign-in. Please try again, or fill in the form yourself.',
  suspended: 'This account is suspended.',
  emailMismatch: 'Use the email address of your LinkedIn account',
  alreadyLinked: 'This LinkedIn account already belongs to an application',
  continueWith: 'Continue with LinkedIn',
  signInWith: 'Sign in with LinkedIn',
  prefilled: 'Filled in from LinkedIn. Complete the rest of the form to apply.',
} as const;

export function linkedinErrorMessage(code: string | null | undefined): string | null {
  return code && (LINKEDIN_ERROR_CODES as readonly string[]).includes(code) ? LINKEDIN_MESSAGES[code as LinkedinErrorCode] : null;
}
