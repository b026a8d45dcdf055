import { DELETE_DATA_LIMITS, deleteDataStatusPath } from '@bayclub/shared';
import type { Mail } from '../../platform/mailer.js';

/** The confirmation mail: text only, like the password reset (it is not a member mail with preferences). */
export function confirmationMail(opts: { to: string; appName: string; publicUrl: string; token: string; code: string }): Mail {
  const link = `${opts.publicUrl}/delete-data/confirm?token=${encodeURIComponent(opts.token)}`;
  const status = `${opts.publicUrl}${deleteDataStatusPath(opts.code)}`;
  return {
    to: opts.to,
    subject: `Confirm deleting your ${opts.appName} account`,
    text: [
      `Someone asked to delete the ${opts.appName} account of this address and all its data.`,
      '',
      `To delete it, open this link within ${DELETE_DATA_LIMITS.tokenTtlHours} hours and confirm:`,
      '',
      link,
      '',
      'Deleting cannot be undone: your profile, photos, posts, comments, messages, RSVPs and check-ins go at once.',
      '',
      `Confirmation code: ${opts.code}`,
      `Follow the request: ${status}`,
      '',
      'If it was not you, ignore this mail; nothing is deleted without the link.',
      '',
    ].join('\n'),
  };
}
