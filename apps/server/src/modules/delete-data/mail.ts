import { DELETE_DATA_LIMITS, deleteDataStatusPath, type Locale } from '@bayclub/shared';
import { translatorFor } from '../../platform/i18n.js';
import type { Mail } from '../../platform/mailer.js';

/**
 * The confirmation mail: text only, like the password reset (it is not a member mail with preferences), in `locale`
 * (the account's language, else the asking page's; English by default).
 */
export function confirmationMail(opts: { to: string; appName: string; publicUrl: string; token: string; code: string; locale?: Locale }): Mail {
  const t = translatorFor(opts.locale ?? 'en');
  const link = `${opts.publicUrl}/delete-data/confirm?token=${encodeURIComponent(opts.token)}`;
  const status = `${opts.publicUrl}${deleteDataStatusPath(opts.code)}`;
  return {
    to: opts.to,
    subject: t('delete-data.mail.subject', { appName: opts.appName }),
    text: [
      t('delete-data.mail.asked', { appName: opts.appName }),
      '',
      t('delete-data.mail.open', { hours: DELETE_DATA_LIMITS.tokenTtlHours }),
      '',
      link,
      '',
      t('delete-data.mail.final'),
      '',
      t('delete-data.mail.code', { code: opts.code }),
      t('delete-data.mail.follow', { url: status }),
      '',
      t('delete-data.mail.notYou'),
      '',
    ].join('\n'),
  };
}
