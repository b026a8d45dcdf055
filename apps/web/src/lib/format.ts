import { LIMITS } from '@bayclub/shared';

/**
 * An Intl formatter made on first use. The first Intl object a page creates loads locale data, which costs tens
 * of milliseconds on a phone: a formatter made when its module loads would charge every page that imports it.
 */
export function formatterOnDemand<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** Spec 2: a badge shows '99+' above 99. */
export function formatBadgeCount(count: number): string {
  return count > LIMITS.badgeCap ? `${LIMITS.badgeCap}+` : String(count);
}

const dayFormat = formatterOnDemand(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
const dateTimeFormat = formatterOnDemand(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** 'Jan 5, 2025'. */
export const formatDay = (iso: string) => dayFormat().format(new Date(iso));
/** 'Jan 5, 2025, 7:05 PM'. */
export const formatDateTime = (iso: string) => dateTimeFormat().format(new Date(iso));

/** A time of day in the given zone (an event's, a place's), e.g. "7:05 PM". */
export function timeInZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}
