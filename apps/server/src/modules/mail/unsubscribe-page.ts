import { MAIL_TYPE_LABELS, type MailType } from '@bayclub/shared';

/**
 * The small pages behind an unsubscribe link, server-rendered (a mail client opens them without the app): GET asks
 * with a button (link scanners and previews open links; only a POST turns anything off), POST confirms. They say
 * nothing about the member or their address.
 */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(appName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(title)} · ${esc(appName)}</title>
<style>body{font-family:system-ui,sans-serif;background:#18181b;color:#fafafa;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:420px;padding:24px}button,a.button{font:inherit;background:#14b8a6;color:#042f2e;border:0;border-radius:6px;padding:10px 18px;cursor:pointer;text-decoration:none;display:inline-block}
button:focus-visible,a:focus-visible{outline:3px solid #fafafa;outline-offset:2px}a{color:#5eead4}</style></head>
<body><main><p>${esc(appName)}</p><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

export function confirmPage(appName: string, type: MailType, token: string): string {
  const label = MAIL_TYPE_LABELS[type].label;
  return page(
    appName,
    `Unsubscribe from “${label}”?`,
    `<p>You will no longer get “${esc(label)}” mails. You can turn them back on in Settings → Notifications.</p>
<form method="post" action="/api/mail/unsubscribe?t=${esc(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(appName: string, type: MailType): string {
  const label = MAIL_TYPE_LABELS[type].label;
  return page(appName, 'You are unsubscribed', `<p>“${esc(label)}” mails are off. You can turn them back on in Settings → Notifications.</p><p><a class="button" href="/">Open ${esc(appName)}</a></p>`);
}

export function invalidPage(appName: string, text: string): string {
  return page(appName, 'Link not valid', `<p>${esc(text)}</p><p><a href="/">Open ${esc(appName)}</a></p>`);
}
