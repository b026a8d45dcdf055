import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/** The settings feature's texts (decision 038). */
export const catalog = defineCatalog('settings', en, { es: () => import('./locales/es.json?catalog') });
