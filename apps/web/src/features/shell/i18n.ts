import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/** The shell's texts (decision 038): menus, tabs, the public frame and its footer. */
export const catalog = defineCatalog('shell', en, { es: () => import('./locales/es.json?catalog') });
