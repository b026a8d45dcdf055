import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/** The profile picture control's texts (decision 038); the picture's messages themselves are in @bayclub/shared. */
export const catalog = defineCatalog('media', en, { es: () => import('./locales/es.json?catalog') });
