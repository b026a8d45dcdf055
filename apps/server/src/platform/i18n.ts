import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import { DEFAULT_LOCALE, INTL_LOCALES, negotiateLocale, type Locale } from '@bayclub/shared';
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

const sharedTexts = new Map<Locale, Readonly<Record<string, string>>>();
const SHARED_LOCALES = path.resolve(SRC, '../../../packages/shared/src/locales');

/**
 * A text of the shared package (a validation message of the contract schemas, a label) in `locale`: its id is the
 * English text itself, as on the page; anything else (a member's words) comes back as it is.
 */
export function translateShared(locale: Locale, text: string): string {
  if (locale === DEFAULT_LOCALE) return text;
  let texts = sharedTexts.get(locale);
  if (!texts) {
    const file = path.join(SHARED_LOCALES, `${locale}.json`);
    texts = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
    sharedTexts.set(locale, texts);
  }
  return texts[text] || text;
}

/** Whether `id` has a text in `locale`. */
export const hasMessage = (locale: Locale, id: string) => id in serverI18n(locale).messages;

/** A text the server writes (a mail's line, a push): `id` filled with `values` in `locale`, else in English. */
export function translate(locale: Locale, id: string, values?: Record<string, unknown>): string {
  const own = serverI18n(locale);
  if (id in own.messages) return own._(id, values);
  return serverI18n(DEFAULT_LOCALE)._(id, values);
}

/** A translate function bound to one reader's language (`locale`: that language, for dates and numbers). */
export interface Translate {
  (id: string, values?: Record<string, unknown>): string;
  readonly locale: Locale;
}
export const translatorFor = (locale: Locale): Translate =>
  Object.assign((id: string, values?: Record<string, unknown>) => translate(locale, id, values), { locale });

/** The Intl locale for dates and numbers written in `locale` ('en-US', 'es-US'). */
export const intlLocaleOf = (locale: Locale): string => INTL_LOCALES[locale];

/** An error text (`messages.ts` entry) in `locale`: its translation filled with the same values, else its English. */
export function translateMessage(locale: Locale, message: ServerMessage): string {
  if (locale === DEFAULT_LOCALE) return message.text;
  if (!hasMessage(locale, message.code)) return translateShared(locale, message.text);
  // A parameter may itself be a shared text (a schema's message passed through).
  const params = message.params && Object.fromEntries(Object.entries(message.params).map(([k, v]) => [k, typeof v === 'string' ? translateShared(locale, v) : v]));
  return serverI18n(locale)._(message.code, params);
}

/**
 * The language to answer a request in: the member's saved one, else the request's Accept-Language (the page sends
 * its own language there), else English.
 */
export function requestLocale(request: { actor?: { language: Locale | null } | null; headers: { 'accept-language'?: string } }): Locale {
  return request.actor?.language ?? negotiateLocale(request.headers['accept-language']);
}

