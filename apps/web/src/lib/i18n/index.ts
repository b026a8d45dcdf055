export { activateLocale, currentLocale, defineCatalog, t, useT, type Catalog, type MessageValues, type Translate } from './i18n';
export { Trans } from './trans';
export { useLocale } from './use-locale';
export { intlLocale, localMoney } from './intl';
export { dateFnsLocale, formatLocalized } from './dates';
export { initialLocale, LANGUAGE_STORAGE_KEY, storedLocale, switchLocale } from './locale';
export { sharedText, useSharedText } from './shared-texts';
