import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

type Catalogue = Readonly<Record<string, string>>;
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue;

/** Every catalogue with its Spanish: the page's folders, the server's texts, and the shared package's (keyed by English). */
function catalogues(): Array<{ en: Catalogue; es: Catalogue }> {
  const repo = path.resolve(import.meta.dirname, '../..');
  const found: Array<{ en: Catalogue; es: Catalogue }> = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name === 'en.json' && path.basename(dir) === 'locales') found.push({ en: readJson(full), es: readJson(path.join(dir, 'es.json')) });
    }
  };
  visit(path.join(repo, 'apps/web/src'));
  visit(path.join(repo, 'apps/server/src'));
  const shared = readJson(path.join(repo, 'packages/shared/src/locales/es.json'));
  found.push({ en: Object.fromEntries(Object.keys(shared).map((text) => [text, text])), es: shared });
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English texts that have a different Spanish (issue 26): a text node of a Spanish page equal to one of them was
 * left in English. Texts that read the same in both languages ("Bay Club", "Email") do not count. A text with plain
 * `{name}` placeholders ("{name} liked your post") becomes a pattern when its own words are long enough to be
 * English only; plurals, selects and texts split by markup (`<0>`) are left out.
 */
function englishOnlyTexts(): { exact: string[]; patterns: string[] } {
  const exact = new Set<string>();
  const patterns = new Set<string>();
  for (const { en, es } of catalogues()) {
    for (const [id, text] of Object.entries(en)) {
      const trimmed = text.trim();
      if (es[id] === text || trimmed.length < 2 || trimmed.includes('<')) continue;
      if (!trimmed.includes('{')) exact.add(trimmed);
      else if (!/\{[^}]*[,{]/.test(trimmed) && trimmed.replace(/\{\w+\}/g, '').replace(/[^\p{L}]/gu, '').length >= 10) {
        patterns.add(`^${escapeRegExp(trimmed).replace(/\\\{\w+\\\}/g, '.+?')}$`);
      }
    }
  }
  return { exact: [...exact], patterns: [...patterns] };
}

const ENGLISH = englishOnlyTexts();

/**
 * The text nodes and labels (aria-label, placeholder, title, alt) of the page that are still English. Content marked
 * `translate="no"` (a value as recorded) is not the page's words; `skip`: a selector for more of that kind (an
 * admin's own legal text).
 */
export async function englishLeftOn(page: Page, { skip }: { skip?: string } = {}): Promise<string[]> {
  const outside = ['script', 'style', 'textarea', '[hidden]', '[aria-hidden="true"]', '[translate="no"]', ...(skip ? [skip] : [])].join(', ');
  return page.evaluate(({ english, outside }) => {
    const exact = new Set(english.exact);
    const patterns = english.patterns.map((source) => new RegExp(source, 'u'));
    const known = { has: (text: string) => exact.has(text) || patterns.some((re) => re.test(text)) };
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // A textarea's text is its value: what someone wrote (an admin's setting), not the page's words.
      if (!parent || parent.closest(outside)) continue;
      const text = node.textContent?.trim() ?? '';
      if (known.has(text)) found.add(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value && known.has(value)) found.add(`${name}="${value}"`);
      }
    }
    return [...found];
  }, { english: ENGLISH, outside });
}
