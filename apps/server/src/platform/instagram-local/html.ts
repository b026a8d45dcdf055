// The double's authorize page: a plain form, no script (the app's CSP is script-src 'self'), everything echoed
// escaped, readable on a phone. It stands in for Instagram's consent screen, reduced to what a test chooses.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escape text for element content and quoted attributes. */
export const esc = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1c1c;background:#fafafa}
main{max-width:30rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;line-height:1.3;margin:1rem 0 .75rem}
.card{background:#fff;border:1px solid #c7c7c7;border-radius:8px;padding:1rem 1.25rem}
.test{background:#fff4d6;color:#4d3200;border:1px solid #d9a93b;border-radius:6px;padding:.5rem .75rem;font-size:.9rem;margin:0}
.muted{color:#525252}
.alert{background:#fdecec;color:#8a1616;border:1px solid #e3a0a0;border-radius:6px;padding:.5rem .75rem;font-weight:600}
button{display:block;width:100%;min-height:44px;margin-top:.75rem;padding:.6rem 1rem;font:inherit;font-weight:600;border-radius:6px;border:2px solid #8a1f63;background:#8a1f63;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#8a1f63}
label{display:block;font-weight:600;margin-top:.75rem}
input{display:block;width:100%;min-height:44px;margin-top:.25rem;padding:.5rem .6rem;font:inherit;border:1px solid #6b6b6b;border-radius:6px}
code{font-size:.9em}
button:focus-visible,input:focus-visible{outline:3px solid #c13584;outline-offset:2px}
`;

export const TEST_MODE_LINE = "This is Bay Club's local Instagram test mode: no real Instagram account is involved.";

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} · Bay Club (Instagram test mode)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="test">${esc(TEST_MODE_LINE)}</p>
${body}
</main>
</body>
</html>`;
}

export const messagePage = (title: string, text: string) => layout(title, `<h1>${esc(title)}</h1><div class="card"><p>${esc(text)}</p></div>`);

/** The consent screen: which professional account to link, then Allow or Cancel. */
export function authorizePage(hidden: Record<string, string>, opts: { username?: string; alert?: string } = {}): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('\n');
  return layout(
    'Allow Bay Club to access your Instagram account',
    `<h1>Allow Bay Club to access your Instagram account?</h1>
<div class="card">
<p>Bay Club will see your Instagram username and account id (<code>instagram_business_basic</code>). Only professional (Business or Creator) accounts can continue.</p>
${opts.alert ? `<p class="alert" role="alert">${esc(opts.alert)}</p>` : ''}
<form method="post">
${fields}
<label for="username">Instagram username</label>
<input id="username" name="username" autocomplete="off" autocapitalize="none" spellcheck="false" value="${esc(opts.username ?? '')}" aria-describedby="username-help">
<p class="muted" id="username-help">Test names: <code>personal_account</code> is a personal (not professional) account, <code>token_fails</code> makes the code exchange fail, <code>me_fails</code> makes the profile read fail.</p>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</form>
</div>`,
  );
}
