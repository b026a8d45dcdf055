import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/** The moderation feature's texts (decision 038): the reports queue and reporting events and places. */
export const catalog = defineCatalog('moderation', en, { es: () => import('./locales/es.json?catalog') });
