import type { Locale } from '@bayclub/shared';
import { currentLocale } from './i18n';

/** The Intl locale of each language: the club is in the United States (dates, times, numbers and dollars as there). */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-US', es: 'es-US' };

/** The Intl locale of the page's language, for `Intl.*` and `toLocale*String`. */
export const intlLocale = (): string => INTL_LOCALES[currentLocale()];
