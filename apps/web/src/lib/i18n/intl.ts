import { formatMoney, INTL_LOCALES, type Currency } from '@bayclub/shared';
import { currentLocale } from './i18n';

/** The Intl locale of the page's language, for `Intl.*` and `toLocale*String`. */
export const intlLocale = (): string => INTL_LOCALES[currentLocale()];

/** Money (minor units) written as the page's language writes it: `formatMoney` in `intlLocale()`. */
export const localMoney = (amount: number, currency: Currency | string): string => formatMoney(amount, currency, intlLocale());
