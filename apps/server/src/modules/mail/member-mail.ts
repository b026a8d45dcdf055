import type { Locale, MailType } from '@bayclub/shared';
import { translate } from '../../platform/i18n.js';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Mail } from '../../platform/mailer.js';
import { appKeyLoader } from '../../platform/signed-tokens.js';
import { renderMail, type MailBrand, type MailContent } from './layout.js';
import { appNameOf, mailRecipients, type RecipientRow } from './preferences.js';
import { unsubscribeToken } from './unsubscribe-tokens.js';

/** The member a mail is written for (renderers may greet them by name). */
export interface MailRecipient {
  userId: string;
  name: string;
  /** What the mail is written in: the member's language (English when not known, issue 26). */
  language: Locale;
}

/**
 * How a notification kind reads as a mail (modules/notifications/kinds.ts): the type the member chooses it by, and
 * the words. A kind without one is not mailed.
 */
export interface MailRenderer<P> {
  type: MailType;
  render(params: P, target: { relatedId: string | null; path: string | null }, recipient: MailRecipient): MailContent;
}

/** Member mails: who may get one, in the club's look, with a one-click unsubscribe link, through the outbox. */
export interface MemberMailer {
  /**
   * In the caller's transaction: one mail to each of these members who may get a mail of `type` (two statements
   * whatever their number). Answers how many were written; kick() after the commit sends them.
   */
  enqueue(tx: DbOrTx, userIds: string[], type: MailType, content: (recipient: MailRecipient) => MailContent | null): Promise<number>;
  kick(): void;
  /** The one-click unsubscribe URL of a member's mails of a type. */
  unsubscribeUrl(userId: string, type: MailType): string;
}

const key = (ctx: Pick<AppContext, 'config' | 'database'>) => appKeyLoader(ctx, 'bayclub-mail-unsubscribe', 'v1');

/** The unsubscribe key of this app (routes check tokens with it). */
export const unsubscribeKeyLoader = key;

/** The name of each mail type, as the footer says which one to turn off (the ids of locales/*.json). */
export const MAIL_TYPE_IDS: Record<MailType, string> = {
  approval: 'mail.type.approval',
  reminders: 'mail.type.reminders',
  waitlist: 'mail.type.waitlist',
  digest: 'mail.type.digest',
};

/** Built once at start-up: the key is read before any transaction needs it (a read inside one waits on PGlite). */
export async function createMemberMailer(ctx: Pick<AppContext, 'config' | 'database' | 'mail'>): Promise<MemberMailer> {
  const secret = await key(ctx)();
  const publicUrl = ctx.config.publicUrl;
  const unsubscribeUrl = (userId: string, type: MailType) => `${publicUrl}/api/mail/unsubscribe?t=${unsubscribeToken(secret, userId, type)}`;
  const absolute = (url: string | null) => (!url ? null : url.startsWith('/') ? `${publicUrl}${url}` : url);
  const brandOf = (r: RecipientRow): MailBrand => ({ appName: appNameOf(r), logoUrl: absolute(r.logo_url ?? r.favicon_url), publicUrl });

  return {
    async enqueue(tx, userIds, type, content) {
      const recipients = await mailRecipients(tx, [...new Set(userIds)], type);
      const mails: Mail[] = [];
      for (const r of recipients) {
        const language = r.language ?? 'en';
        const words = content({ userId: r.id, name: r.name, language });
        if (!words) continue;
        const url = unsubscribeUrl(r.id, type);
        const rendered = renderMail(words, brandOf(r), { url, what: translate(language, MAIL_TYPE_IDS[type]) }, language);
        mails.push({
          to: r.email,
          ...rendered,
          headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
      }
      await ctx.mail.enqueueMany(tx, mails);
      return mails.length;
    },
    kick: () => ctx.mail.kick(),
    unsubscribeUrl,
  };
}
