import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/** The app frame's texts (route error page, loading labels; decision 038): English here, Spanish fetched when the page speaks it. */
export const catalog = defineCatalog('app', en, { es: () => import('./locales/es.json?catalog') });
