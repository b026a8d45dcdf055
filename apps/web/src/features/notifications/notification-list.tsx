import { BellOffIcon, RotateCcwIcon } from 'lucide-react';
import { NOTIFICATION_MESSAGES, type NotificationView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { useSharedText, useT } from '#/lib/i18n';
import { useNotificationListQuery } from './api';
import { catalog } from './i18n';
import { NotificationItem } from './notification-item';

/** The panel's body: loading, failure with Retry, empty, or the newest notifications with 'Load more'. */
export function NotificationList({ onOpen }: { onOpen: (notification: NotificationView) => void }) {
  const query = useNotificationListQuery();
  const t = useT(catalog);
  const s = useSharedText();

  if (!query.data) {
    if (query.isError) {
      return (
        <div role="alert" className="grid justify-items-center gap-3 px-6 py-12 text-center">
          <p className="text-sm text-muted-foreground">{s(NOTIFICATION_MESSAGES.loadFailed)}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RotateCcwIcon aria-hidden="true" />
            {t('notifications.list.retry')}
          </Button>
        </div>
      );
    }
    return (
      <p role="status" className="flex items-center justify-center gap-2 px-6 py-12 text-sm text-muted-foreground">
        <Spinner />
        {s(NOTIFICATION_MESSAGES.loading)}
      </p>
    );
  }

  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 px-6 py-12 text-center">
        <BellOffIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">{s(NOTIFICATION_MESSAGES.empty)}</p>
      </div>
    );
  }

  // One clock for every row of a render, so neighbours never disagree about "Just now".
  const now = new Date();
  return (
    <div className="grid">
      <ul aria-label={s(NOTIFICATION_MESSAGES.title)}>
        {items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} now={now} onOpen={onOpen} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="grid justify-items-center gap-2 p-4">
          {query.isFetchNextPageError && (
            <p role="alert" className="text-sm text-destructive">
              {s(NOTIFICATION_MESSAGES.loadFailed)}
            </p>
          )}
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage && <Spinner />}
            {query.isFetchNextPageError ? t('notifications.list.retry') : t('notifications.list.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
