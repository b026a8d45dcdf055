import { LIMITS } from '@bayclub/shared';
import { intlLocale } from '#/lib/i18n/intl';

/**
 * An Intl formatter made on first use, for the page's language (`make` gets its Intl locale, 'en-US' or 'es-US').
 * The first Intl object a page creates loads locale data, which costs tens of milliseconds on a phone: a formatter
 * made when its module loads would charge every page that imports it. One is kept per language.
 */
export function formatterOnDemand<T>(make: (locale: string) => T): () => T {
  const made = new Map<string, T>();
  return () => {
    const locale = intlLocale();
    let formatter = made.get(locale);
    if (formatter === undefined) {
      formatter = make(locale);
      made.set(locale, formatter);
    }
    return formatter;
  };
}

/** Spec 2: a badge shows '99+' above 99. */
export function formatBadgeCount(count: number): string {
  return count > LIMITS.badgeCap ? `${LIMITS.badgeCap}+` : String(count);
}

const dayFormat = formatterOnDemand((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
const dateTimeFormat = formatterOnDemand((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));

/** 'Jan 5, 2025'. */
export const formatDay = (iso: string) => dayFormat().format(new Date(iso));
/** 'Jan 5, 2025, 7:05 PM'. */
export const formatDateTime = (iso: string) => dateTimeFormat().format(new Date(iso));

/** A time of day in the given zone (an event's, a place's), e.g. "7:05 PM". */
export function timeInZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}
