// Issue 26 (decision 038): what a member reads comes from a catalogue. In a translated folder, a JSX text node, a
// string in braces, or a literal in an attribute the reader hears or sees (aria-label, title, placeholder, alt,
// label) with a letter in it is refused: it would stay English in Spanish. Members' content and names come from data.
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
const hasLetter = (text) => /\p{L}/u.test(text);
const message = 'A text the reader sees comes from the folder catalogue (t(...) from useT, decision 038).';

const noBareText = {
  meta: { type: 'problem', schema: [], messages: { bare: message } },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'bare' });
    const literalText = (node) =>
      (node.type === 'Literal' && typeof node.value === 'string' && hasLetter(node.value)) ||
      (node.type === 'TemplateLiteral' && node.quasis.some((q) => hasLetter(q.value.cooked ?? '')));
    return {
      JSXText(node) {
        if (hasLetter(node.value)) report(node);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXAttribute' && literalText(node.expression)) report(node);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (literalText(value)) report(node);
      },
    };
  },
};

export const i18nPlugin = { rules: { 'no-bare-text': noBareText } };

import fs from 'node:fs';
import path from 'node:path';

const WEB_SRC = path.join(import.meta.dirname, '..', 'apps', 'web', 'src');
/**
 * The folders whose texts are all in catalogues: every folder of apps/web/src with a `locales/` catalogue (a feature,
 * components, lib, app), and the language code itself. The end state is every folder.
 */
export const TRANSLATED_FOLDERS = [
  'apps/web/src/lib/i18n',
  ...['features', '.']
    .flatMap((parent) => fs.readdirSync(path.join(WEB_SRC, parent)).map((name) => path.join(parent, name)))
    .filter((folder) => fs.existsSync(path.join(WEB_SRC, folder, 'locales')))
    .map((folder) => path.posix.join('apps/web/src', folder.split(path.sep).join('/'))),
];

export const i18n = [
  {
    files: TRANSLATED_FOLDERS.map((folder) => `${folder}/**/*.tsx`),
    ignores: ['**/*.test.tsx'],
    plugins: { bayclub: i18nPlugin },
    rules: { 'bayclub/no-bare-text': 'error' },
  },
];
