import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#/lib/api';

/** Every notification query lives under `all`, so one invalidation refreshes the badge and the panel's list. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  list: ['notifications', 'list'] as const,
};

/** GET /api/notifications/unread-count (the spec's get_unread_notification_count). The socket keeps it current. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: async ({ signal }) => (await api.get<{ count: number }>('/api/notifications/unread-count', { signal })).count,
  });

/** The unread notification count for badges; 0 while loading or when it cannot be read (a badge is no place for errors). */
export function useUnreadNotificationCount(enabled = true): number {
  return useQuery({ ...unreadCountQueryOptions(), enabled }).data ?? 0;
}
