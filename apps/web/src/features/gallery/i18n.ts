import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/** The photo gallery's texts (decision 038): the grid, the viewer, upload and delete. */
export const catalog = defineCatalog('gallery', en, { es: () => import('./locales/es.json?catalog') });
