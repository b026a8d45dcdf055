import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/** The profile pages' texts (decision 038). */
export const catalog = defineCatalog('profile', en, { es: () => import('./locales/es.json?catalog') });
