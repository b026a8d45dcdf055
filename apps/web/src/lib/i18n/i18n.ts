import { use, useSyncExternalStore } from 'react';
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from '@bayclub/shared';
import { loadSharedTexts } from './shared-texts';

/**
 * The page's texts (issue 26, decision 038): Lingui's runtime (`@lingui/core`) over catalogues compiled at build
 * time, one per feature folder and language (`features/<x>/locales/<locale>.json`). English is bundled with the code
 * that uses it, so an English page never waits for a text; another language's catalogue is its own chunk, fetched
 * the first time a component of that feature renders in it (the component suspends until then).
 */

/** Values a message is filled with: `{name}`, plural counts, select keys. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;
/** Look up a message by id and fill it in, in the active language. */
export type Translate = (id: string, values?: MessageValues) => string;

export interface Catalog {
  readonly name: string;
  /** Whether its messages in `locale` are loaded (English always is). */
  ready(locale: string): boolean;
  /** Load its messages in `locale` (once; later calls return the same promise). */
  load(locale: Locale): Promise<void>;
}

type Loader = () => Promise<{ default: Messages }>;

const catalogs: Catalog[] = [];

/**
 * A feature's catalogue: `defineCatalog('events', en, { es: () => import('./locales/es.json?catalog') })` in the
 * feature's `i18n.ts`. Its English messages are usable at once.
 */
export function defineCatalog(name: string, en: Messages, others: Readonly<Record<Exclude<Locale, 'en'>, Loader>>): Catalog {
  i18n.load('en', en);
  const loaded = new Set<string>(['en']);
  const pending = new Map<Locale, Promise<void>>();
  const catalog: Catalog = {
    name,
    ready: (locale) => loaded.has(locale),
    load(locale) {
      if (loaded.has(locale)) return Promise.resolve();
      let promise = pending.get(locale);
      if (!promise) {
        const loader = others[locale as Exclude<Locale, 'en'>];
        promise = loader().then(
          (module) => {
            loaded.add(locale);
            i18n.load(locale, module.default);
          },
          (err: unknown) => {
            // A failed fetch (offline, a new deploy) may be asked again: the next render retries.
            pending.delete(locale);
            throw err;
          },
        );
        pending.set(locale, promise);
      }
      return promise;
    },
  };
  catalogs.push(catalog);
  return catalog;
}

let version = 0;
let translate: Translate = (id, values) => i18n._(id, values);
i18n.on('change', () => {
  version += 1;
  // Screen readers and the browser's own texts (date pickers, hyphenation) follow the page's language.
  if (typeof document !== 'undefined') document.documentElement.lang = i18n.locale;
  // A new function on every change: a component that memoised on `t` renders again in the new language.
  translate = (id, values) => i18n._(id, values);
});
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const getVersion = () => version;

/** The active language. */
export const currentLocale = (): Locale => (i18n.locale || DEFAULT_LOCALE) as Locale;

/**
 * A component's translate function for its feature's catalogue, in the active language; the component renders again
 * when the language changes, and suspends while the catalogue of a new language loads.
 */
export function useT(catalog: Catalog): Translate {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  const locale = currentLocale();
  if (!catalog.ready(locale)) use(catalog.load(locale));
  return translate;
}

/** Translate outside React (a toast from a mutation callback); the caller's catalogue is loaded by its component. */
export const t: Translate = (id, values) => translate(id, values);

/**
 * Switch the language: every catalogue in use is loaded first, so nothing on screen suspends or shows an id.
 * Resolves once the page speaks it.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...catalogs.map((catalog) => catalog.load(locale)), loadSharedTexts(locale)]);
  if (i18n.locale === locale) return;
  i18n.load(locale, {}); // merges nothing; only so Lingui knows the language before any of its catalogues
  i18n.activate(locale);
}

// English is active before the first render (its catalogues join as their features load).
if (!i18n.locale) {
  i18n.load(DEFAULT_LOCALE, {});
  i18n.activate(DEFAULT_LOCALE);
}
