import { useSyncExternalStore } from 'react';
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
  /** Load its messages in `locale` (once; later calls return the same promise, settled once loaded). */
  load(locale: Locale): Settling;
}

type Loader = () => Promise<{ default: Messages }>;

const catalogs: Catalog[] = [];

/**
 * A feature's catalogue: `defineCatalog('events', en, { es: () => import('./locales/es.json?catalog') })` in the
 * feature's `i18n.ts`. Its English messages are usable at once.
 */
/** A load that says whether it has settled (`status`), so a component asks without awaiting. */
export type Settling = Promise<void> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: undefined; reason?: unknown };

export function settled(): Settling {
  return Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });
}

export function settling(promise: Promise<void>): Settling {
  const tracked: Settling = promise.then(
    () => void Object.assign(tracked, { status: 'fulfilled', value: undefined }),
    (reason: unknown) => {
      void Object.assign(tracked, { status: 'rejected', reason });
      throw reason;
    },
  );
  tracked.status = 'pending';
  return tracked;
}

export function defineCatalog(name: string, en: Messages, others: Readonly<Record<Exclude<Locale, 'en'>, Loader>>): Catalog {
  i18n.load('en', en);
  const loads = new Map<Locale, Settling>([['en', settled()]]);
  const catalog: Catalog = {
    name,
    ready: (locale) => loads.get(locale as Locale)?.status === 'fulfilled',
    load(locale) {
      let promise = loads.get(locale);
      if (!promise) {
        const loader = others[locale as Exclude<Locale, 'en'>];
        promise = settling(
          loader().then(
            (module) => i18n.load(locale, module.default),
            (err: unknown) => {
              // A failed fetch (offline, a new deploy) may be asked again: the next render retries.
              loads.delete(locale);
              throw err;
            },
          ),
        );
        loads.set(locale, promise);
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

let target: Locale = DEFAULT_LOCALE;
/** The language the page is switching to (the active one once loaded): code loaded meanwhile brings its catalogues in it. */
export const targetLocale = (): Locale => target;

/**
 * A component's translate function for its feature's catalogue, in the active language; the component renders again
 * when the language changes, and suspends while the catalogue of a new language loads.
 */
export function useT(catalog: Catalog): Translate {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  const locale = currentLocale();
  // Thrown, not `use`d: a component that rendered once while loading must not be held to calling `use` again (and a
  // loaded catalogue costs no promise at all, which `use` would report to React's act() in tests).
  if (!catalog.ready(locale)) throw catalog.load(locale);
  return translate;
}

/** Translate outside React (a toast from a mutation callback); the caller's catalogue is loaded by its component. */
export const t: Translate = (id, values) => translate(id, values);

/** Every catalogue declared so far, and the shared texts, in `locale` (at once for English). */
export function loadCatalogs(locale: Locale): Promise<unknown> {
  return Promise.all([...catalogs.map((catalog) => catalog.load(locale)), loadSharedTexts(locale)]);
}

/**
 * Switch the language: every catalogue in use is loaded first, so nothing on screen suspends or shows an id.
 * Resolves once the page speaks it.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  target = locale;
  await loadCatalogs(locale);
  if (target !== locale) return; // switched again meanwhile: the later switch wins
  if (i18n.locale === locale) return;
  i18n.load(locale, {}); // merges nothing; only so Lingui knows the language before any of its catalogues
  i18n.activate(locale);
}

// English is active before the first render (its catalogues join as their features load).
if (!i18n.locale) {
  i18n.load(DEFAULT_LOCALE, {});
  i18n.activate(DEFAULT_LOCALE);
}
