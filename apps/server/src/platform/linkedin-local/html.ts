// The double's authorize page, in the local doubles' shared page shell, in LinkedIn's colours.
import { escapeHtml, localDoubleMessagePage, localDoublePage, type LocalDouble } from '../local-double-page.js';

const LINKEDIN_DOUBLE: LocalDouble = {
  titleSuffix: 'LinkedIn (Bay Club local test)',
  testModeLine: "This is Bay Club's local LinkedIn test page: nothing here is sent to LinkedIn.",
  theme: {
    text: '#1d2226',
    background: '#f4f2ee',
    columnWidth: '30rem',
    cardBorder: '#c9c6c0',
    inputBorder: '#6b6b6b',
    button: '#0a66c2',
    secondaryButtonText: '#0a4f96',
    buttonRadius: '24px',
    focusRing: '#0a66c2',
  },
};

const layout = (title: string, body: string) => localDoublePage(LINKEDIN_DOUBLE, title, body);

export const messagePage = (title: string, text: string) => localDoubleMessagePage(LINKEDIN_DOUBLE, title, text);

export function authorizePage(
  p: { responseType: string; clientId: string; redirectUri: string; state: string; scope: string },
  filled: { name?: string; email?: string; alert?: string } = {},
): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return layout(
    'Sign in with LinkedIn',
    `<h1>Sign in with LinkedIn</h1>
<div class="card">
<p>Bay Club would like to use your name, email address and profile picture.</p>
${filled.alert ? `<p class="alert" role="alert">${escapeHtml(filled.alert)}</p>` : ''}
<form method="post">
${hidden('response_type', p.responseType)}${hidden('client_id', p.clientId)}${hidden('redirect_uri', p.redirectUri)}${hidden('state', p.state)}${hidden('scope', p.scope)}
<label for="name">Name</label>
<input id="name" name="name" autocomplete="name" value="${escapeHtml(filled.name ?? '')}" maxlength="100">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(filled.email ?? '')}" maxlength="254">
<button type="submit" name="action" value="allow">Allow</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</form>
</div>`,
  );
}
