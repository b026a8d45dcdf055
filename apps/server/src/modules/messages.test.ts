import { existsSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverMessageCatalogues } from '../platform/errors.js';

// Every catalogue of server error texts (decision 019): platform's, and one per module in modules/<x>/messages.ts.
// A code is `<module>.<key>` and never changes once shipped: the later translation is keyed on it.
const modulesDir = new URL('./', import.meta.url);
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const withCatalogue = modules.filter((name) => existsSync(new URL(`${name}/messages.ts`, modulesDir)));
const exportsOf = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  for (const name of withCatalogue) {
    exportsOf.set(name, (await import(new URL(`${name}/messages.ts`, modulesDir).href)) as Record<string, unknown>);
  }
});

const CODE = /^[a-z][a-z-]*\.[a-z][A-Za-z0-9]*$/;

describe('server message catalogues', () => {
  it('there is one per module that raises errors of its own, and platform’s', () => {
    expect(withCatalogue.length).toBeGreaterThan(15);
    const prefixes = serverMessageCatalogues().map((c) => c.prefix);
    expect([...prefixes].sort()).toEqual(['platform', ...withCatalogue].sort());
  });

  it('codes are <module>.<key>, the module being the folder the catalogue lives in', () => {
    for (const { prefix, codes } of serverMessageCatalogues()) {
      expect(codes.length, prefix).toBeGreaterThan(0);
      for (const code of codes) {
        expect(code, prefix).toMatch(CODE);
        expect(code.slice(0, code.indexOf('.')), code).toBe(prefix);
      }
    }
  });

  it('codes are unique across every catalogue', () => {
    const codes = serverMessageCatalogues().flatMap((c) => c.codes);
    const repeated = codes.filter((code, i) => codes.indexOf(code) !== i);
    expect(repeated).toEqual([]);
  });

  it('each module file exports its catalogue, whose entries carry their own code and a text', () => {
    for (const [name, exported] of exportsOf) {
      const catalogues = Object.values(exported);
      expect(catalogues, name).toHaveLength(1);
      for (const [key, entry] of Object.entries(catalogues[0] as Record<string, { code: string; text?: string }>)) {
        expect(entry.code).toBe(`${name}.${key}`);
        // A parametrised entry is a function; a fixed one has its text.
        if (typeof entry !== 'function') expect(entry.text, entry.code).toMatch(/\S/);
      }
    }
  });
});
