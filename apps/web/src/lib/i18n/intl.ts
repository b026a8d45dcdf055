import { INTL_LOCALES } from '@bayclub/shared';
import { currentLocale } from './i18n';

export { INTL_LOCALES };

/** The Intl locale of the page's language, for `Intl.*` and `toLocale*String`. */
export const intlLocale = (): string => INTL_LOCALES[currentLocale()];
