import { useSyncExternalStore } from 'react';
import { i18n } from '@lingui/core';
import type { Locale } from '@bayclub/shared';
import { currentLocale, settled, settling, type Settling } from './i18n';

/**
 * The shared package's texts (validation messages, labels the server shows too) in the page's language (decision
 * 038). Their id is the English text itself, the same on the server: an English page needs nothing loaded; the
 * Spanish is one catalogue, fetched the first time a Spanish page shows one.
 */
type Texts = Readonly<Record<string, string>>;
const loaders: Readonly<Record<Exclude<Locale, 'en'>, () => Promise<{ default: Texts }>>> = {
  es: () => import('@bayclub/shared/locales/es.json'),
};
const loaded = new Map<Locale, Texts>();
const loads = new Map<Locale, Settling>([['en', settled()]]);

function load(locale: Locale): Settling {
  let promise = loads.get(locale);
  if (!promise) {
    promise = settling(
      loaders[locale as Exclude<Locale, 'en'>]().then(
        (module) => void loaded.set(locale, module.default),
        (err: unknown) => {
          loads.delete(locale);
          throw err;
        },
      ),
    );
    loads.set(locale, promise);
  }
  return promise;
}

/** Load the shared texts of `locale` ahead (activateLocale does, so a language switch shows no English). */
export const loadSharedTexts = (locale: Locale): Promise<void> => load(locale);

/** A shared text in `locale`, or as it is (English, a member's words, a text with no translation). */
export function sharedText(text: string, locale: Locale = currentLocale()): string {
  return locale === 'en' ? text : (loaded.get(locale)?.[text] ?? text);
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** `s(text)`: a shared text in the page's language; the component suspends while the catalogue loads. */
export function useSharedText(): (text: string) => string {
  const locale = useSyncExternalStore(subscribe, currentLocale, currentLocale);
  const loading = load(locale);
  if (loading.status !== 'fulfilled') throw loading; // as useT does
  return (text) => sharedText(text, locale);
}
