import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/** The locations feature's texts (decision 038): places, the map, check-ins and the door screen. */
export const catalog = defineCatalog('locations', en, { es: () => import('./locales/es.json?catalog') });
