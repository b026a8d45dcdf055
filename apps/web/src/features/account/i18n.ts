import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/** The account feature's texts (decision 038): password, data export, deactivate, reactivate and delete. */
export const catalog = defineCatalog('account', en, { es: () => import('./locales/es.json?catalog') });
