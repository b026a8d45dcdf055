import { describe, expect, it } from 'vitest';
import { escapeHtml, localDoubleMessagePage, localDoublePage, type LocalDouble } from './local-double-page.js';

const double: LocalDouble = {
  titleSuffix: 'Bay Club (Example test mode)',
  testModeLine: "This is Bay Club's local example: nothing here is real.",
  theme: {
    text: '#111111',
    background: '#fafafa',
    columnWidth: '30rem',
    cardBorder: '#cccccc',
    inputBorder: '#6b6b6b',
    button: '#123456',
    buttonRadius: '6px',
    focusRing: '#654321',
  },
  styles: 'code{font-size:.9em}',
};

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  });

  it('leaves other text alone and turns non-strings into text', () => {
    expect(escapeHtml('Sunset sail × 2 · $50.00')).toBe('Sunset sail × 2 · $50.00');
    expect(escapeHtml(42)).toBe('42');
    expect(escapeHtml(null)).toBe('null');
  });
});

describe('localDoublePage', () => {
  const page = localDoublePage(double, 'Pay <Bay> & "Club"', '<h1>Body</h1>');

  it('is a whole page in English, with a viewport, kept out of search engines', () => {
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page).toContain('<meta charset="utf-8">');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).not.toContain('<script');
  });

  it('escapes the title and follows it with the double', () => {
    expect(page).toContain('<title>Pay &lt;Bay&gt; &amp; &quot;Club&quot; · Bay Club (Example test mode)</title>');
  });

  it('puts the test-mode banner and the body, unescaped, inside the main landmark', () => {
    expect(page).toContain('<main>\n<p class="test">This is Bay Club&#39;s local example: nothing here is real.</p>\n<h1>Body</h1>\n</main>');
  });

  it("styles the page in the double's colours, its own rules last", () => {
    const style = page.slice(page.indexOf('<style>'), page.indexOf('</style>'));
    expect(style).toContain('background:#fafafa');
    expect(style).toContain('border:2px solid #123456;background:#123456');
    expect(style).toContain('button.secondary{background:#fff;color:#123456}');
    expect(style).toContain('outline:3px solid #654321');
    expect(style.trimEnd().endsWith('code{font-size:.9em}')).toBe(true);
  });
});

describe('localDoubleMessagePage', () => {
  it('shows the escaped title as its heading and the escaped text in a card', () => {
    const page = localDoubleMessagePage(double, 'Link <gone>', 'Go "back" & start again.');
    expect(page).toContain('<title>Link &lt;gone&gt; · Bay Club (Example test mode)</title>');
    expect(page).toContain('<h1>Link &lt;gone&gt;</h1><div class="card"><p>Go &quot;back&quot; &amp; start again.</p></div>');
  });
});
