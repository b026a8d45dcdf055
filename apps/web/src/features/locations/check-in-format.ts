import { CLUB_TIME_ZONE } from '@bayclub/shared';
import { formatterOnDemand, timeInZone } from '#/lib/format';
import { t } from '#/lib/i18n';

const dayFormat = formatterOnDemand((locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: CLUB_TIME_ZONE }));
const yearFormat = formatterOnDemand((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: CLUB_TIME_ZONE }));

/** A time of day in club time (the places are all around Tampa Bay), e.g. "7:05 PM". */
export const clockTime = (iso: string) => timeInZone(iso, CLUB_TIME_ZONE);

/**
 * When a check-in happened: 'Just now', '25 min ago', '3h ago', then 'Mar 14' (with the year when not this one), in the
 * page's language (the caller's component reads the locations catalogue, so it is loaded).
 */
export function checkInWhen(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return t('locations.when.justNow');
  if (minutes < 60) return t('locations.when.minutesAgo', { minutes });
  if (minutes < 24 * 60) return t('locations.when.hoursAgo', { hours: Math.floor(minutes / 60) });
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return sameYear ? dayFormat().format(at) : yearFormat().format(at);
}
