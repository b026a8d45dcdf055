import type { Locale } from '@bayclub/shared';
import { translatorFor } from '../../platform/i18n.js';

/**
 * One look for every member mail: the club's logo and name on top, a heading, paragraphs, an optional list and a
 * button, and a footer with the unsubscribe link. Renderers give words only (MailContent); everything a member typed
 * (an event's title, a name) is escaped here, once, for the HTML part. The plain-text part says the same.
 */
export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Lines such as a digest's notifications (title and message). */
  items?: Array<{ title: string; message: string }>;
  /** The button: an in-app path (made absolute with PUBLIC_URL). */
  action?: { label: string; path: string };
}

export interface MailBrand {
  appName: string;
  /** Absolute URL of the logo, or null to show the name alone. */
  logoUrl: string | null;
  publicUrl: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Line breaks and control characters out of a header value (a title must never start a new header). */
export const headerSafe = (s: string) => s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim().slice(0, 200);

/**
 * The mail in the recipient's language (issue 26): the renderer wrote `content` in it, the footer follows here.
 * `unsubscribe.what` is the name of the mail's type in that language.
 */
export function renderMail(
  content: MailContent,
  brand: MailBrand,
  unsubscribe: { url: string; what: string },
  locale: Locale = 'en',
): { subject: string; text: string; html: string } {
  const t = translatorFor(locale);
  const actionUrl = content.action ? `${brand.publicUrl}${content.action.path}` : null;
  const text = [
    brand.appName,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.items?.length ? [...content.items.map((i) => `- ${i.title}: ${i.message}`), ''] : []),
    ...(content.action ? [`${content.action.label}: ${actionUrl}`, ''] : []),
    '--',
    t('mail.footer.because', { what: unsubscribe.what }),
    t('mail.footer.turnOff', { url: unsubscribe.url }),
  ].join('\n');

  const e = escapeHtml;
  const logo = brand.logoUrl
    ? `<img src="${e(brand.logoUrl)}" alt="" width="40" height="40" style="vertical-align:middle;border-radius:8px;margin-right:8px">`
    : '';
  const items = content.items?.length
    ? `<ul style="padding-left:20px">${content.items.map((i) => `<li style="margin:0 0 8px"><strong>${e(i.title)}</strong><br>${e(i.message)}</li>`).join('')}</ul>`
    : '';
  const button = actionUrl
    ? `<p><a href="${e(actionUrl)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${e(content.action!.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${logo}${e(brand.appName)}</p>
<h1 style="font-size:20px;margin:0 0 12px">${e(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5">${e(p)}</p>`).join('\n')}
${items}
${button}
<hr style="border:none;border-top:1px solid #e4e4e7;margin:24px 0 12px">
<p style="font-size:12px;color:#52525b">${e(t('mail.footer.because', { what: unsubscribe.what }))} <a href="${e(unsubscribe.url)}" style="color:#52525b">${e(t('mail.footer.unsubscribe'))}</a></p>
</div></body></html>`;
  return { subject: headerSafe(content.subject), text, html };
}
