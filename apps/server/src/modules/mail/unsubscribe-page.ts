import type { Locale, MailType } from '@bayclub/shared';
import type { Translate } from '../../platform/i18n.js';
import { MAIL_TYPE_IDS } from './member-mail.js';

/** What a page is written with: the club's name, and the reader's language. */
export interface PageText {
  appName: string;
  locale: Locale;
  t: Translate;
}

/**
 * The small pages behind an unsubscribe link, server-rendered (a mail client opens them without the app): GET asks
 * with a button (link scanners and previews open links; only a POST turns anything off), POST confirms. They say
 * nothing about the member or their address.
 */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page({ appName, locale }: PageText, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(title)} · ${esc(appName)}</title>
<style>body{font-family:system-ui,sans-serif;background:#18181b;color:#fafafa;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:420px;padding:24px}button,a.button{font:inherit;background:#14b8a6;color:#042f2e;border:0;border-radius:6px;padding:10px 18px;cursor:pointer;text-decoration:none;display:inline-block}
button:focus-visible,a:focus-visible{outline:3px solid #fafafa;outline-offset:2px}a{color:#5eead4}</style></head>
<body><main><p>${esc(appName)}</p><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

export function confirmPage(text: PageText, type: MailType, token: string): string {
  const { t } = text;
  const label = t(MAIL_TYPE_IDS[type]);
  return page(
    text,
    t('mail.unsubscribe.confirmTitle', { label }),
    `<p>${esc(t('mail.unsubscribe.confirmText', { label }))}</p>
<form method="post" action="/api/mail/unsubscribe?t=${esc(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${esc(t('mail.unsubscribe.button'))}</button></form>`,
  );
}

export function donePage(text: PageText, type: MailType): string {
  const { t, appName } = text;
  const label = t(MAIL_TYPE_IDS[type]);
  return page(
    text,
    t('mail.unsubscribe.doneTitle'),
    `<p>${esc(t('mail.unsubscribe.doneText', { label }))}</p><p><a class="button" href="/">${esc(t('mail.unsubscribe.open', { appName }))}</a></p>`,
  );
}

export function invalidPage(text: PageText, message: string): string {
  const { t, appName } = text;
  return page(text, t('mail.unsubscribe.invalidTitle'), `<p>${esc(message)}</p><p><a href="/">${esc(t('mail.unsubscribe.open', { appName }))}</a></p>`);
}
