import { z } from 'zod';

/**
 * The mails a member can turn on or off, one by one (Settings → Notifications, and the one-click unsubscribe link
 * in each of them). The password reset is not here: it is asked for, so it always goes out.
 */
export const MAIL_TYPES = ['approval', 'reminders', 'waitlist', 'digest'] as const;
export type MailType = (typeof MAIL_TYPES)[number];

/** Every type is on until the member turns it off (issue 21). */
export const MAIL_TYPE_DEFAULTS: Record<MailType, boolean> = { approval: true, reminders: true, waitlist: true, digest: true };

/** The settings section's words, and the unsubscribe page's names of the types. */
export const MAIL_TYPE_LABELS: Record<MailType, { label: string; description: string }> = {
  approval: { label: 'Membership approved', description: 'A mail when your application is approved.' },
  reminders: { label: 'Event reminders', description: 'The day before and the hour before an event you are going to.' },
  waitlist: { label: 'Waitlist', description: 'When a seat opens up and you move off a waitlist.' },
  digest: { label: 'Daily digest', description: 'One mail each morning with what you missed: hellos, messages, replies and mentions.' },
};

export const MAIL_MESSAGES = {
  sectionIntro: 'Choose which emails we send you. Each email also has a one-click unsubscribe link.',
  saved: 'Email preferences saved',
  saveFailed: 'Could not save your email preferences',
  loadFailed: 'Could not load your email preferences',
} as const;

/** GET /api/me/mail-preferences, and what PUT answers. */
export type MailPreferencesView = Record<MailType, boolean>;

/** PUT /api/me/mail-preferences: any of the types (the others keep their value). */
export const updateMailPreferencesSchema = z
  .object({
    approval: z.boolean({ error: 'Must be true or false' }).optional(),
    reminders: z.boolean({ error: 'Must be true or false' }).optional(),
    waitlist: z.boolean({ error: 'Must be true or false' }).optional(),
    digest: z.boolean({ error: 'Must be true or false' }).optional(),
  })
  .strict();
export type UpdateMailPreferencesInput = z.input<typeof updateMailPreferencesSchema>;

/** ?t= of /api/mail/unsubscribe: the signed member and type (checked by the server; its shape only here). */
export const mailUnsubscribeQuerySchema = z.object({
  t: z.string().max(200).regex(/^[A-Za-z0-9_-]*$/, { error: 'Must be base64url' }).optional().default(''),
});
