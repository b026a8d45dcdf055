import { CLUB_TIME_ZONE } from '@bayclub/shared';
import { formatterOnDemand, timeInZone } from '#/lib/format';

const dayFormat = formatterOnDemand(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: CLUB_TIME_ZONE }));
const yearFormat = formatterOnDemand(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: CLUB_TIME_ZONE }));

/** A time of day in club time (the places are all around Tampa Bay), e.g. "7:05 PM". */
export const clockTime = (iso: string) => timeInZone(iso, CLUB_TIME_ZONE);

/** When a check-in happened: 'Just now', '25 min ago', '3h ago', then 'Mar 14' (with the year when not this one). */
export function checkInWhen(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h ago`;
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return sameYear ? dayFormat().format(at) : yearFormat().format(at);
}
