import { defineCatalog } from '#/lib/i18n';
import en from './locales/en.json?catalog';

/**
 * The texts lib/ shows (decision 038), most of them built outside React (an ApiError's message, an outbox entry's
 * error): `t` from '#/lib/i18n' after importing this module, so its English is there. `activateLocale` loads the
 * Spanish with every other catalogue. Not lib/i18n.ts: that name is the i18n runtime's folder.
 */
export const catalog = defineCatalog('lib', en, { es: () => import('./locales/es.json?catalog') });
