// The catalogue check (issue 26, decision 038), run by `npm run lint` and so by CI:
// - every page catalogue (`<folder>/locales/<locale>.json` under apps/web/src) has the same ids in every language,
//   each id starts with its catalogue's name (the folder's), and each message is valid ICU MessageFormat;
// - a message has the same placeholders and tags in every language;
// - every id the folder's code names (a string literal `'<name>.<key>'`) exists, and no id goes unused;
// - the server's catalogues (`apps/server/src/**/locales/<locale>.json`) compile, and texts the server writes itself
//   (not error texts, whose English is in messages.ts) have the same ids and placeholders in every language.
// The server's error texts are checked against their codes by apps/server/src/platform/i18n.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../packages/shared/src/i18n.ts';
import { argumentsOf, compileCatalog, type SourceCatalog } from '../packages/shared/src/i18n-catalog.ts';
import { sharedTexts } from './shared-texts.ts';

const root = path.resolve(import.meta.dirname, '..');
const problems: string[] = [];
const rel = (file: string) => path.relative(root, file);

function walk(dir: string, visit: (file: string) => void) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, visit);
    else visit(full);
  }
}

function localeDirs(base: string): string[] {
  const dirs: string[] = [];
  walk(base, (file) => {
    if (path.basename(path.dirname(file)) === 'locales' && file.endsWith('.json')) {
      const dir = path.dirname(file);
      if (!dirs.includes(dir)) dirs.push(dir);
    }
  });
  return dirs.sort();
}

function read(file: string): SourceCatalog | null {
  if (!fs.existsSync(file)) return null;
  try {
    const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as SourceCatalog;
    compileCatalog(catalog, rel(file));
    return catalog;
  } catch (err) {
    problems.push((err as Error).message);
    return null;
  }
}

function sameIdsAndArguments(dir: string, catalogs: Map<string, SourceCatalog>, english: SourceCatalog) {
  for (const [locale, catalog] of catalogs) {
    if (locale === 'en') continue;
    for (const id of Object.keys(english)) {
      if (!(id in catalog)) problems.push(`${rel(dir)}/${locale}.json: "${id}" is missing`);
      else {
        const want = argumentsOf(english[id]!).join(', ');
        const have = argumentsOf(catalog[id]!).join(', ');
        if (want !== have) problems.push(`${rel(dir)}/${locale}.json: "${id}" has {${have}}, English has {${want}}`);
      }
    }
    for (const id of Object.keys(catalog)) if (!(id in english)) problems.push(`${rel(dir)}/${locale}.json: "${id}" is not in en.json`);
  }
}

/** The string literals of a folder's code (tests and catalogues aside) that look like ids of `name`. */
function idsNamedIn(folder: string, name: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = new RegExp(`(['"\`])(${name.replace(/[-.]/g, '\\$&')}\\.[A-Za-z0-9_.-]+)\\1`, 'g');
  walk(folder, (file) => {
    if (!/\.(ts|tsx)$/.test(file) || /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}locales${path.sep}`)) return;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) found.set(match[2]!, rel(file));
  });
  return found;
}

// The page's catalogues.
const web = path.join(root, 'apps/web/src');
for (const dir of localeDirs(web)) {
  const folder = path.dirname(dir);
  const name = path.basename(folder);
  const catalogs = new Map<string, SourceCatalog>();
  for (const locale of LOCALES) {
    const catalog = read(path.join(dir, `${locale}.json`));
    if (catalog) catalogs.set(locale, catalog);
    else if (!fs.existsSync(path.join(dir, `${locale}.json`))) problems.push(`${rel(dir)}: no ${locale}.json`);
  }
  const english = catalogs.get('en');
  if (!english) continue;
  for (const id of Object.keys(english)) if (!id.startsWith(`${name}.`)) problems.push(`${rel(dir)}/en.json: "${id}" does not start with "${name}."`);
  sameIdsAndArguments(dir, catalogs, english);
  const named = idsNamedIn(folder, name);
  for (const [id, file] of named) if (!(id in english)) problems.push(`${file}: "${id}" is not in ${rel(dir)}/en.json`);
  for (const id of Object.keys(english)) if (!named.has(id)) problems.push(`${rel(dir)}/en.json: "${id}" is not used in ${rel(folder)}`);
}

// The server's catalogues: texts it writes itself have an English catalogue too; error texts only the others.
for (const dir of localeDirs(path.join(root, 'apps/server/src'))) {
  const catalogs = new Map<string, SourceCatalog>();
  for (const locale of LOCALES) {
    const catalog = read(path.join(dir, `${locale}.json`));
    if (catalog) catalogs.set(locale, catalog);
  }
  const english = catalogs.get('en');
  if (!english) continue;
  sameIdsAndArguments(dir, catalogs, english);
  // Ids share their module's prefix with notification kinds ('posts.like'): a literal counts as an id's use, and a
  // literal given straight to t(...) must be an id.
  const folder = path.dirname(dir);
  const named = idsNamedIn(folder, path.basename(folder));
  for (const id of Object.keys(english)) if (!named.has(id)) problems.push(`${rel(dir)}/en.json: "${id}" is not used in ${rel(folder)}`);
  walk(folder, (file) => {
    if (!/\.ts$/.test(file) || /\.test\.ts$/.test(file)) return;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^']+)'/g)) {
      if (!(match[1]! in english)) problems.push(`${rel(file)}: t('${match[1]}') is not in ${rel(dir)}/en.json`);
    }
  });
}

// The shared package's texts: keyed by their English, each with its Spanish (npm run i18n:shared lists the missing).
{
  const texts = await sharedTexts();
  const file = path.join(root, 'packages/shared/src/locales/es.json');
  const spanish = read(file) ?? {};
  const missing = [...texts.keys()].filter((text) => !spanish[text]);
  if (missing.length) problems.push(`${rel(file)}: ${missing.length} shared texts have no Spanish (npm run i18n:shared), e.g. "${missing[0]}"`);
  for (const text of Object.keys(spanish)) if (!texts.has(text)) problems.push(`${rel(file)}: "${text}" is no longer a text of packages/shared`);
}

if (problems.length) {
  console.error(`Catalogue check: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log('Catalogue check: every id in every language, same placeholders, none unused.');
