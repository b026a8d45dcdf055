import { useQueryClient, type Query } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { NotificationView } from '@bayclub/shared';
import { realtime } from '#/lib/realtime/realtime-client';
import { useRealtimeEvent } from '#/lib/realtime/use-realtime';
import { t } from '#/lib/i18n';
import { notificationKeys, upsertNotification } from './api';
// Imported with the bridge, so a language switch loads this catalogue before the next toast needs it.
import './i18n';

/**
 * Keeps the notification list and the unread badge current from socket events: a new or updated notification goes
 * to the top of the list, `unread` carries the badge's total, and `ready` (after every (re)connect) refetches what
 * was loaded before the connection opened, as it may have missed events while offline.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useRealtimeEvent((event) => {
    switch (event.type) {
      case 'notification': {
        const existed = upsertNotification(queryClient, event.notification);
        if (!existed) announce(event.notification, (href) => void navigate(href));
        break;
      }
      case 'unread':
        queryClient.setQueryData(notificationKeys.unreadCount, event.notifications);
        break;
      case 'ready': {
        // Only data older than this connection can have missed events; what was fetched since is current.
        const openedAt = realtime.openedAt;
        const predicate = (query: Query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < openedAt;
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all, predicate });
        break;
      }
      default:
        break;
    }
  });

  return null;
}

/**
 * A quiet toast for a new hello, match or other non-message news, only while the member is looking at the app.
 * Messages already show in the inbox and chat, and updates of a known notification are not news. The toast id is
 * the notification's, so a repeated event replaces the toast instead of stacking another.
 */
function announce(notification: NotificationView, open: (href: string) => void) {
  if (notification.type === 'message' || notification.readAt !== null) return;
  if (document.visibilityState !== 'visible') return;
  const { href } = notification;
  toast(notification.title, {
    id: `notification-${notification.id}`,
    description: notification.message,
    action: href ? { label: t('notifications.toast.view'), onClick: () => open(href) } : undefined,
  });
}
