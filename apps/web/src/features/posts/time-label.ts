import { formatterOnDemand } from '#/lib/format';
import { t } from '#/lib/i18n';
import './i18n';

const dayFormat = formatterOnDemand((locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }));
const fullFormat = formatterOnDemand((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));

/**
 * A post's or comment's age as social apps show it: 'Just now', '5m', '3h', then the day ('Mar 4'), in the page's
 * language (the posts catalogue: a component that shows it calls `useT(catalog)`, which also renders it again when
 * the language changes).
 */
export function postTimeLabel(iso: string, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(iso).getTime();
  if (ms < 60_000) return t('posts.time.justNow');
  if (ms < 60 * 60_000) return t('posts.time.minutes', { minutes: Math.floor(ms / 60_000) });
  if (ms < 24 * 60 * 60_000) return t('posts.time.hours', { hours: Math.floor(ms / (60 * 60_000)) });
  return dayFormat().format(new Date(iso));
}

/** The exact time, for the label's tooltip. */
export const postTimeTitle = (iso: string) => fullFormat().format(new Date(iso));
