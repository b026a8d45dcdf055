// The English texts of the shared package (issue 26, decision 038): validation messages of the zod schemas, labels
// and messages the server and the page both show. Their Spanish is packages/shared/src/locales/es.json, keyed by the
// English text itself (the id both sides have), so an English page needs no catalogue at all.
// A text is a string literal of a non-test module with a letter in it that reads as words: a space, or a capital
// first letter. Import paths, object keys, enum values and ids are not texts.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SHARED = path.resolve(import.meta.dirname, '../packages/shared/src');

/** Literals that look like words but are not shown to anyone (formats, tokens). */
const NOT_TEXT = [/^[A-Z][A-Z0-9_]*$/, /^[a-z0-9_.:/-]+$/i, /^\p{Lu}[\p{Ll}\d]*[A-Z]/u];

function isText(value: string): boolean {
  if (!/\p{L}/u.test(value)) return false;
  if (value.includes(' ')) return !/^[\w.-]+ [\w.-]+$/.test(value) || /^[A-Z]/.test(value);
  return /^\p{Lu}\p{Ll}/u.test(value) && !NOT_TEXT.some((re) => re.test(value) && !/^\p{Lu}\p{Ll}+$/u.test(value));
}

export function sharedTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const name of fs.readdirSync(SHARED).sort()) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name.startsWith('i18n')) continue;
    const file = path.join(SHARED, name);
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        const parent = node.parent;
        const isKey = (ts.isPropertyAssignment(parent) && parent.name === node) || ts.isLiteralTypeNode(parent) || ts.isElementAccessExpression(parent);
        if (!isKey && isText(node.text)) texts.set(node.text, name);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return texts;
}

if (process.argv[1] === import.meta.filename) {
  const texts = sharedTexts();
  const esFile = path.join(SHARED, 'locales/es.json');
  const es = fs.existsSync(esFile) ? (JSON.parse(fs.readFileSync(esFile, 'utf8')) as Record<string, string>) : {};
  const missing = [...texts.keys()].filter((text) => !(text in es));
  console.log(JSON.stringify(Object.fromEntries(missing.map((text) => [text, ''])), null, 2));
  console.error(`${texts.size} shared texts, ${missing.length} without Spanish`);
}
