import { NOTIFICATION_MESSAGES, type NotificationView } from '@bayclub/shared';
import { cn } from '#/lib/utils';
import { intlLocale, useSharedText, useT, type Translate } from '#/lib/i18n';
import { catalog } from './i18n';

const HOUR = 60 * 60_000;

/**
 * Spec 2: under an hour 'Just now', under a day '3h ago', otherwise the date. The shared notificationTimeLabel, in
 * the page's language.
 */
function timeLabel(iso: string, now: Date, t: Translate, s: (text: string) => string): string {
  const at = new Date(iso);
  const ms = now.getTime() - at.getTime();
  if (ms < HOUR) return s(NOTIFICATION_MESSAGES.justNow);
  if (ms < 24 * HOUR) return t('notifications.item.hoursAgo', { count: Math.floor(ms / HOUR) });
  return at.toLocaleDateString(intlLocale());
}

/**
 * One row of the panel. Unread rows are tinted, bold and dotted, and say 'Unread' to screen readers. A row that
 * can do something (mark itself read, or lead somewhere) is a button; a read row going nowhere is plain text.
 */
export function NotificationItem({
  notification,
  now,
  onOpen,
}: {
  notification: NotificationView;
  now: Date;
  onOpen: (notification: NotificationView) => void;
}) {
  const t = useT(catalog);
  const s = useSharedText();
  const unread = notification.readAt === null;
  const content = (
    <>
      <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-sm', unread ? 'font-semibold' : 'font-medium')}>{notification.title}</span>{' '}
          <time dateTime={notification.createdAt} className="shrink-0 text-xs text-muted-foreground">
            {timeLabel(notification.createdAt, now, t, s)}
          </time>
        </span>{' '}
        <span className="line-clamp-2 text-sm break-words text-muted-foreground">{notification.message}</span>
        {unread && <span className="sr-only"> {t('notifications.item.unread')}</span>}
      </span>
    </>
  );
  const rowClass = cn('flex w-full gap-3 px-4 py-3 text-left', unread && 'bg-primary/5');

  return (
    <li data-unread={unread || undefined} className="border-b last:border-b-0">
      {unread || notification.href ? (
        <button
          type="button"
          onClick={() => onOpen(notification)}
          className={cn(
            rowClass,
            'transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
          )}
        >
          {content}
        </button>
      ) : (
        <div className={rowClass}>{content}</div>
      )}
    </li>
  );
}
