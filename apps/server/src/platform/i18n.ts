import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALES, negotiateLocale, type Locale } from '@bayclub/shared';
import { compileCatalog, type SourceCatalog } from '@bayclub/shared/i18n-catalog';
import type { ServerMessage } from './errors.js';

/**
 * The server's texts in the reader's language (issue 26, decision 038), through Lingui's runtime as on the page.
 * Each module keeps its own catalogues (`modules/<x>/locales/<locale>.json`, platform's in `platform/locales`):
 * - error texts: English is the module's `messages.ts` (the spec's wording), other languages key on its codes
 *   (`locales/errors.es.json`);
 * - texts the server writes for a member (mails, pushes): ICU messages in every language, English included.
 * The files are read and compiled once, on first use.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders that may hold catalogues: platform's and each module's. */
export function catalogueFolders(): string[] {
  const modules = path.join(SRC, 'modules');
  return [path.join(SRC, 'platform'), ...fs.readdirSync(modules).map((name) => path.join(modules, name))];
}

/**
 * Every catalogue file of `locale`: texts the server writes (`<locale>.json`) and error texts
 * (`errors.<locale>.json`, keyed by the codes of messages.ts; English has none: its texts are messages.ts's).
 */
export function catalogueFiles(locale: Locale): string[] {
  return catalogueFolders()
    .flatMap((folder) => [path.join(folder, 'locales', `${locale}.json`), path.join(folder, 'locales', `errors.${locale}.json`)])
    .filter((file) => fs.existsSync(file));
}

export function readCatalogue(file: string): SourceCatalog {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SourceCatalog;
}

const instances = new Map<Locale, I18n>();

/** Lingui's instance for `locale`, with every server catalogue of that language compiled in. */
export function serverI18n(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const messages = {};
    for (const file of catalogueFiles(locale)) Object.assign(messages, compileCatalog(readCatalogue(file), path.relative(SRC, file)));
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    instances.set(locale, i18n);
  }
  return i18n;
}

/** Whether `id` has a text in `locale`. */
export const hasMessage = (locale: Locale, id: string) => id in serverI18n(locale).messages;

/** A text the server writes (a mail's line, a push): `id` filled with `values` in `locale`, else in English. */
export function translate(locale: Locale, id: string, values?: Record<string, unknown>): string {
  const own = serverI18n(locale);
  if (id in own.messages) return own._(id, values);
  return serverI18n(DEFAULT_LOCALE)._(id, values);
}

/** A translate function bound to one reader's language. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;
export const translatorFor =
  (locale: Locale): Translate =>
  (id, values) =>
    translate(locale, id, values);

/** An error text (`messages.ts` entry) in `locale`: its translation filled with the same values, else its English. */
export function translateMessage(locale: Locale, message: ServerMessage): string {
  if (locale === DEFAULT_LOCALE || !hasMessage(locale, message.code)) return message.text;
  return serverI18n(locale)._(message.code, message.params);
}

/**
 * The language to answer a request in: the member's saved one, else the request's Accept-Language (the page sends
 * its own language there), else English.
 */
export function requestLocale(request: { actor?: { language: Locale | null } | null; headers: { 'accept-language'?: string } }): Locale {
  return request.actor?.language ?? negotiateLocale(request.headers['accept-language']);
}

export { LOCALES };
