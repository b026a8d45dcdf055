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
