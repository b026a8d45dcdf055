// The double's authorize page, in the local doubles' shared page shell, in Instagram's colours. It stands in for
// Instagram's consent screen, reduced to what a test chooses.
import { escapeHtml, localDoubleMessagePage, localDoublePage, type LocalDouble } from '../local-double-page.js';

const INSTAGRAM_DOUBLE: LocalDouble = {
  titleSuffix: 'Bay Club (Instagram test mode)',
  testModeLine: "This is Bay Club's local Instagram test mode: no real Instagram account is involved.",
  theme: {
    text: '#1c1c1c',
    background: '#fafafa',
    columnWidth: '30rem',
    cardBorder: '#c7c7c7',
    inputBorder: '#6b6b6b',
    button: '#8a1f63',
    buttonRadius: '6px',
    focusRing: '#c13584',
  },
  styles: `.muted{color:#525252}
code{font-size:.9em}
`,
};

const layout = (title: string, body: string) => localDoublePage(INSTAGRAM_DOUBLE, title, body);

export const messagePage = (title: string, text: string) => localDoubleMessagePage(INSTAGRAM_DOUBLE, title, text);

/** The consent screen: which professional account to link, then Allow or Cancel. */
export function authorizePage(hidden: Record<string, string>, opts: { username?: string; alert?: string } = {}): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return layout(
    'Allow Bay Club to access your Instagram account',
    `<h1>Allow Bay Club to access your Instagram account?</h1>
<div class="card">
<p>Bay Club will see your Instagram username and account id (<code>instagram_business_basic</code>). Only professional (Business or Creator) accounts can continue.</p>
${opts.alert ? `<p class="alert" role="alert">${escapeHtml(opts.alert)}</p>` : ''}
<form method="post">
${fields}
<label for="username">Instagram username</label>
<input id="username" name="username" autocomplete="off" autocapitalize="none" spellcheck="false" value="${escapeHtml(opts.username ?? '')}" aria-describedby="username-help">
<p class="muted" id="username-help">Test names: <code>personal_account</code> is a personal (not professional) account, <code>token_fails</code> makes the code exchange fail, <code>me_fails</code> makes the profile read fail.</p>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</form>
</div>`,
  );
}
