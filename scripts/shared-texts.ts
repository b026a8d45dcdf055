// The English texts of the shared package (issue 26, decision 038): validation messages of the zod schemas, labels
// and messages the server and the page both show. Their Spanish is packages/shared/src/locales/es.json, keyed by the
// English text itself (the id both sides have), so an English page needs no catalogue at all.
// A text is a string literal of a non-test module with a letter in it that reads as words: a space, or a capital
// first letter. Import paths, object keys, enum values and ids are not texts. Every value of a table of texts
// (`*_MESSAGES`, `*_LABELS`, `*_TEXTS`) and every word of a list of texts is one, however short ('RSVP', 'posts').
// A template built from the package's constants (`at most ${LIMITS.nameMax} characters`) is the text it evaluates to;
// one built from a function's argument is not a shared text (its module's catalogue, or a server message, has it).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SHARED = path.resolve(import.meta.dirname, '../packages/shared/src');

/** Literals that look like words but are not shown to anyone (formats, tokens). */
const NOT_TEXT = [/^[A-Z][A-Z0-9_]*$/, /^[a-z0-9_.:/-]+$/i, /^\p{Lu}[\p{Ll}\d]*[A-Z]/u];
const TEXT_TABLE = /_(MESSAGES|LABELS|TEXTS)$/;

function isText(value: string): boolean {
  if (!/\p{L}/u.test(value)) return false;
  if (value.includes(' ')) return !/^[\w.-]+ [\w.-]+$/.test(value) || /^[A-Z]/.test(value);
  return /^\p{Lu}\p{Ll}/u.test(value) && !NOT_TEXT.some((re) => re.test(value) && !/^\p{Lu}\p{Ll}+$/u.test(value));
}

/** The name of the table a literal is a value of (`X_MESSAGES = { key: 'text' }`, nested or not), if any. */
function tableOf(node: ts.Node): string | undefined {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isVariableDeclaration(at)) return ts.isIdentifier(at.name) ? at.name.text : undefined;
    if (ts.isFunctionLike(at) || ts.isCallExpression(at)) return undefined;
  }
  return undefined;
}

/** A list whose other words are texts ('Food', 'BBQ', 'Vegetarian/Vegan'): all of its words are. */
const inListOfTexts = (node: ts.Node) =>
  ts.isArrayLiteralExpression(node.parent) &&
  node.parent.elements.filter((e) => ts.isStringLiteral(e) && isText(e.text)).length * 2 > node.parent.elements.length;

/** Every export of the package, the scope a template's expressions are evaluated in. */
async function packageScope(): Promise<Record<string, unknown>> {
  return { ...(await import(path.join(SHARED, 'index.ts'))) } as Record<string, unknown>;
}

/** A template's value when its expressions name only the package's exports, else undefined (a function's argument). */
function evaluate(template: ts.TemplateExpression, scope: Record<string, unknown>): string | undefined {
  try {
    const value: unknown = new Function(...Object.keys(scope), `return ${template.getText()};`)(...Object.values(scope));
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export async function sharedTexts(): Promise<Map<string, string>> {
  const scope = await packageScope();
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
        // A confirmation word (`deactivateWord: 'DEACTIVATE'`) is typed as it is, in every language.
        const inTable =
          ts.isPropertyAssignment(parent) && !/Word$/.test(parent.name.getText()) && TEXT_TABLE.test(tableOf(node) ?? '') && /\p{L}/u.test(node.text);
        if (!isKey && (isText(node.text) || inTable || inListOfTexts(node))) texts.set(node.text, name);
      }
      if (ts.isTemplateExpression(node)) {
        const value = evaluate(node, scope);
        if (value !== undefined && isText(value)) texts.set(value, name);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return texts;
}

if (process.argv[1] === import.meta.filename) {
  const texts = await sharedTexts();
  const esFile = path.join(SHARED, 'locales/es.json');
  const es = fs.existsSync(esFile) ? (JSON.parse(fs.readFileSync(esFile, 'utf8')) as Record<string, string>) : {};
  const missing = [...texts.keys()].filter((text) => !(text in es));
  console.log(JSON.stringify(Object.fromEntries(missing.map((text) => [text, ''])), null, 2));
  console.error(`${texts.size} shared texts, ${missing.length} without Spanish`);
}
