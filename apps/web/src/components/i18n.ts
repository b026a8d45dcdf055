import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/** The shared components' texts (decision 038): English here, Spanish fetched when the page speaks it. */
export const catalog = defineCatalog('components', en, { es: () => import('./locales/es.json?catalog') });
