import { LIMITS } from '@bayclub/shared';

/** Spec 2: a badge shows '99+' above 99. */
export function formatBadgeCount(count: number): string {
  return count > LIMITS.badgeCap ? `${LIMITS.badgeCap}+` : String(count);
}
