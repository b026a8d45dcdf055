import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// By path: the config is bundled before it runs, and a workspace package's TypeScript would be left to Node.
import { compileCatalog } from '../../packages/shared/src/i18n-catalog.ts';

const SUFFIX = '?catalog';
/** A virtual id: not ending in .json, so Vite's JSON plugin leaves the compiled module alone. */
const PREFIX = '\0bayclub-catalog:';

/**
 * `import en from './locales/en.json?catalog'` gives the catalogue compiled by Lingui's compiler at build time
 * (decision 038): the page ships the compiled messages and Lingui's small runtime, never an ICU parser. A malformed
 * message fails the build and names its id.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'bayclub:catalogs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.endsWith(SUFFIX) || !importer) return null;
      const file = path.resolve(path.dirname(importer.replace(/\?.*$/, '')), source.slice(0, -SUFFIX.length));
      return `${PREFIX}${file}.js`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -'.js'.length);
      this.addWatchFile(file);
      const source = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      return `export default ${JSON.stringify(compileCatalog(source, path.relative(process.cwd(), file)))};`;
    },
  };
}
