import { formatterOnDemand } from '#/lib/format';

const dayFormat = formatterOnDemand(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }));
const fullFormat = formatterOnDemand(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** A post's or comment's age as social apps show it: 'Just now', '5m', '3h', then the day ('Mar 4'). */
export function postTimeLabel(iso: string, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(iso).getTime();
  if (ms < 60_000) return 'Just now';
  if (ms < 60 * 60_000) return `${Math.floor(ms / 60_000)}m`;
  if (ms < 24 * 60 * 60_000) return `${Math.floor(ms / (60 * 60_000))}h`;
  return dayFormat().format(new Date(iso));
}

/** The exact time, for the label's tooltip. */
export const postTimeTitle = (iso: string) => fullFormat().format(new Date(iso));
