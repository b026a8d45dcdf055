// The page shell of the local doubles' human pages (stripe-local, linkedin-local, instagram-local): plain forms, no
// script (the app's CSP is script-src 'self'; a <style> block is allowed), readable on a phone, and everything echoed
// escaped. The doubles share the layout and the rules; each brings its colours, after the service it stands in for.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escape text for element content and quoted attributes. */
export const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The colours and shapes that set one double's pages apart. */
export interface LocalDoubleTheme {
  text: string;
  background: string;
  /** The content column's max-width. */
  columnWidth: string;
  cardBorder: string;
  inputBorder: string;
  /** The primary button's fill, and the secondary (white) button's text unless secondaryButtonText is given. */
  button: string;
  secondaryButtonText?: string;
  buttonRadius: string;
  focusRing: string;
}

export interface LocalDouble {
  /** Follows each page's own title, e.g. "Bay Club (Stripe test mode)". */
  titleSuffix: string;
  /** The banner atop every page: nothing on it is real. */
  testModeLine: string;
  theme: LocalDoubleTheme;
  /** CSS for what only this double's pages have (tables, code, hover states), after the shared rules. */
  styles?: string;
}

// The focus ring names links and [tabindex] too: Stripe's pages have links and a scrollable, focusable table region;
// on pages without them the selector costs nothing.
function pageStyle({ theme: t, styles = '' }: LocalDouble): string {
  return `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${t.text};background:${t.background}}
main{max-width:${t.columnWidth};margin:0 auto;padding:1rem}
h1{font-size:1.4rem;line-height:1.3;margin:1rem 0 .75rem}
.card{background:#fff;border:1px solid ${t.cardBorder};border-radius:8px;padding:1rem 1.25rem}
.test{background:#fff4d6;color:#4d3200;border:1px solid #d9a93b;border-radius:6px;padding:.5rem .75rem;font-size:.9rem;margin:0}
.alert{background:#fdecec;color:#8a1616;border:1px solid #e3a0a0;border-radius:6px;padding:.5rem .75rem;font-weight:600}
label{display:block;font-weight:600;margin-top:.75rem}
input{display:block;width:100%;min-height:44px;margin-top:.25rem;padding:.5rem .6rem;font:inherit;border:1px solid ${t.inputBorder};border-radius:6px}
button{display:block;width:100%;min-height:44px;margin-top:.75rem;padding:.6rem 1rem;font:inherit;font-weight:600;border-radius:${t.buttonRadius};border:2px solid ${t.button};background:${t.button};color:#fff;cursor:pointer}
button.secondary{background:#fff;color:${t.secondaryButtonText ?? t.button}}
a:focus-visible,button:focus-visible,input:focus-visible,[tabindex]:focus-visible{outline:3px solid ${t.focusRing};outline-offset:2px}
${styles}`;
}

/** A whole page of a double: language, title, viewport, the test-mode banner, and the body inside the main landmark. */
export function localDoublePage(double: LocalDouble, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(double.titleSuffix)}</title>
<style>${pageStyle(double)}</style>
</head>
<body>
<main>
<p class="test">${escapeHtml(double.testModeLine)}</p>
${body}
</main>
</body>
</html>`;
}

/** A page that only tells something (an error, a link no longer valid): the title as heading, one paragraph. */
export const localDoubleMessagePage = (double: LocalDouble, title: string, text: string) =>
  localDoublePage(double, title, `<h1>${escapeHtml(title)}</h1><div class="card"><p>${escapeHtml(text)}</p></div>`);
