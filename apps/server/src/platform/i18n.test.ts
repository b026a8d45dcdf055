import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { argumentsOf } from '@bayclub/shared/i18n-catalog';
import { buildTestApp } from '../test/helpers.js';
import { PLATFORM_ERRORS, serverMessageCatalogues } from './errors.js';
import { catalogueFolders, readCatalogue, translate, translateMessage } from './i18n.js';

// Issue 26: every error text of every module's messages.ts has its Spanish, under its code, with the template's
// own parameters and no others. The app is built so every module's catalogue is declared.
await buildTestApp();

const folderOf = (prefix: string) => catalogueFolders().find((folder) => path.basename(folder) === prefix)!;
const errorsFile = (prefix: string) => path.join(folderOf(prefix), 'locales', 'errors.es.json');

describe('error texts in Spanish', () => {
  const catalogues = serverMessageCatalogues();

  it.each(catalogues.map((c) => [c.prefix, c] as const))('%s: every code, no other, the same parameters', (prefix, catalogue) => {
    const file = errorsFile(prefix);
    expect(fs.existsSync(file), `${path.relative(process.cwd(), file)} is missing`).toBe(true);
    const spanish = readCatalogue(file);
    expect(Object.keys(spanish).sort()).toEqual([...catalogue.codes].sort());
    for (const code of catalogue.codes) {
      expect(argumentsOf(spanish[code]!), code).toEqual([...(catalogue.params.get(code) ?? [])]);
    }
  });

  it('fills a translation with the values the English was filled with, and falls back to the English', () => {
    expect(translateMessage('es', PLATFORM_ERRORS.notFound)).toBe('No se encontró');
    expect(translateMessage('en', PLATFORM_ERRORS.notFound)).toBe('Not found');
    const origin = PLATFORM_ERRORS.originNotAllowed({ publicUrl: 'https://club.example' });
    expect(translateMessage('es', origin)).toContain('https://club.example');
    expect(translateMessage('es', { code: 'nobody.knows', text: 'As it was' })).toBe('As it was');
  });

  it("texts the server writes are looked up in the reader's language, English when a language lacks one", () => {
    expect(translate('es', 'notifications.digest.subject', { total: 1 })).toBe('Tienes 1 notificación nueva');
    expect(translate('es', 'notifications.digest.subject', { total: 3 })).toBe('Tienes 3 notificaciones nuevas');
    expect(translate('en', 'notifications.digest.subject', { total: 3 })).toBe('You have 3 new notifications');
  });
});
