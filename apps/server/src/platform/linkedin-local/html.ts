// The double's authorize page: a plain form, no script (the app's CSP is script-src 'self'), readable on a phone,
// everything echoed escaped.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2226;background:#f4f2ee}
main{max-width:30rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;line-height:1.3;margin:1rem 0 .75rem}
.card{background:#fff;border:1px solid #c9c6c0;border-radius:8px;padding:1rem 1.25rem}
.test{background:#fff4d6;color:#4d3200;border:1px solid #d9a93b;border-radius:6px;padding:.5rem .75rem;font-size:.9rem;margin:0}
.alert{background:#fdecec;color:#8a1616;border:1px solid #e3a0a0;border-radius:6px;padding:.5rem .75rem;font-weight:600}
label{display:block;font-weight:600;margin-top:.75rem}
input{display:block;width:100%;min-height:44px;margin-top:.25rem;padding:.5rem .6rem;font:inherit;border:1px solid #6b6b6b;border-radius:6px}
button{display:block;width:100%;min-height:44px;margin-top:.75rem;padding:.6rem 1rem;font:inherit;font-weight:600;border-radius:24px;border:2px solid #0a66c2;background:#0a66c2;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0a4f96}
button:focus-visible,input:focus-visible{outline:3px solid #0a66c2;outline-offset:2px}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} · LinkedIn (Bay Club local test)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="test">This is Bay Club's local LinkedIn test page: nothing here is sent to LinkedIn.</p>
${body}
</main>
</body>
</html>`;
}

export const messagePage = (title: string, text: string) => layout(title, `<h1>${esc(title)}</h1><div class="card"><p>${esc(text)}</p></div>`);

export function authorizePage(
  p: { responseType: string; clientId: string; redirectUri: string; state: string; scope: string },
  filled: { name?: string; email?: string; alert?: string } = {},
): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;
  return layout(
    'Sign in with LinkedIn',
    `<h1>Sign in with LinkedIn</h1>
<div class="card">
<p>Bay Club would like to use your name, email address and profile picture.</p>
${filled.alert ? `<p class="alert" role="alert">${esc(filled.alert)}</p>` : ''}
<form method="post">
${hidden('response_type', p.responseType)}${hidden('client_id', p.clientId)}${hidden('redirect_uri', p.redirectUri)}${hidden('state', p.state)}${hidden('scope', p.scope)}
<label for="name">Name</label>
<input id="name" name="name" autocomplete="name" value="${esc(filled.name ?? '')}" maxlength="100">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${esc(filled.email ?? '')}" maxlength="254">
<button type="submit" name="action" value="allow">Allow</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</form>
</div>`,
  );
}
