import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '#/lib/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

/** GET /api/notifications/unread-count. Until the notifications issue lands the route 404s: that reads as 0. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<{ count: number }>('/api/notifications/unread-count', { signal })).count;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return 0;
        throw error;
      }
    },
  });

export function useUnreadNotificationCount(enabled = true): number {
  return useQuery({ ...unreadCountQueryOptions(), enabled }).data ?? 0;
}
