import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/** The safety feature's texts (decision 038): blocking and reporting members. */
export const catalog = defineCatalog('safety', en, { es: () => import('./locales/es.json?catalog') });
