import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * The page's English texts that have a different Spanish (every web catalogue, en.json against es.json), without
 * placeholders: a text node of a Spanish page equal to one of them was left in English (issue 26). Texts that read
 * the same in both languages ("Bay Club", "Email") do not count.
 */
function englishOnlyTexts(): string[] {
  const root = path.resolve(import.meta.dirname, '../../apps/web/src');
  const texts = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name === 'en.json' && path.basename(dir) === 'locales') {
        const en = JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, string>;
        const es = JSON.parse(fs.readFileSync(path.join(dir, 'es.json'), 'utf8')) as Record<string, string>;
        for (const [id, text] of Object.entries(en)) {
          if (/[{}<]/.test(text) || es[id] === text) continue;
          const trimmed = text.trim();
          if (trimmed.length > 1) texts.add(trimmed);
        }
      }
    }
  };
  visit(root);
  return [...texts];
}

const ENGLISH = englishOnlyTexts();

/** The text nodes and labels (aria-label, placeholder, title, alt) of the page that are still English. */
export async function englishLeftOn(page: Page): Promise<string[]> {
  return page.evaluate((english) => {
    const known = new Set(english);
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [hidden], [aria-hidden="true"]')) continue;
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
  }, ENGLISH);
}
