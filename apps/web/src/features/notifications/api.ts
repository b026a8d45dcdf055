import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from 'sonner';
import { LIMITS, type MailPreferencesView, type NotificationView, type Page, type UpdateMailPreferencesInput } from '@bayclub/shared';
import { api, pageUrl } from '#/lib/api';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

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

export type NotificationPages = InfiniteData<Page<NotificationView>, string | null>;

/** GET /api/notifications: the newest 20 (spec 9), older pages by cursor. */
export const notificationListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => {
      return api.get<Page<NotificationView>>(pageUrl('/api/notifications', { limit: String(LIMITS.notificationList) }, pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useNotificationListQuery() {
  return useInfiniteQuery(notificationListQueryOptions());
}

/**
 * Put a new or updated notification at the top of the cached list. The server updates a conversation's unread
 * message notification in place (same id, new text and time), so an existing copy is removed wherever it was.
 * Returns whether the id was already cached. Without a cached list nothing is written: the panel fetches on open.
 */
export function upsertNotification(queryClient: QueryClient, notification: NotificationView): boolean {
  let existed = false;
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, (old) => {
    if (!old) return old;
    const pages = old.pages.map((page, index) => {
      const rest = page.items.filter((item) => item.id !== notification.id);
      if (rest.length !== page.items.length) existed = true;
      return { ...page, items: index === 0 ? [notification, ...rest] : rest };
    });
    return { ...old, pages };
  });
  return existed;
}

/** Set `readAt` on the cached notifications `ids` (all when undefined); returns the ids that were unread. */
function markCachedRead(queryClient: QueryClient, ids: readonly string[] | undefined, readAt: string): string[] {
  const changed: string[] = [];
  const wanted = ids ? new Set(ids) : null;
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, (old) => {
    if (!old) return old;
    const pages = old.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => {
        if (item.readAt !== null || (wanted && !wanted.has(item.id))) return item;
        changed.push(item.id);
        return { ...item, readAt };
      }),
    }));
    return { ...old, pages };
  });
  return changed;
}

/** Undo markCachedRead for the items it changed, unless something newer (the socket) rewrote them since. */
function unmarkCachedRead(queryClient: QueryClient, ids: readonly string[], readAt: string) {
  const undo = new Set(ids);
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, (old) => {
    if (!old) return old;
    const pages = old.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (undo.has(item.id) && item.readAt === readAt ? { ...item, readAt: null } : item)),
    }));
    return { ...old, pages };
  });
}

interface MarkReadContext {
  changed: string[];
  readAt: string;
}

/**
 * POST /api/notifications/mark-read: the given ids, or every notification when `ids` is undefined (the spec's
 * mark_notifications_read). Shown read at once; on failure the items turn unread again and the count is re-read.
 */
export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  const t = useT(catalog);
  return useMutation<{ count: number }, Error, string[] | undefined, MarkReadContext>({
    mutationFn: (ids) => api.post<{ count: number }>('/api/notifications/mark-read', ids ? { ids } : {}),
    onMutate: async (ids) => {
      // A count fetch in flight would overwrite the optimistic count with the old one.
      await queryClient.cancelQueries({ queryKey: notificationKeys.unreadCount });
      const readAt = new Date().toISOString();
      const changed = markCachedRead(queryClient, ids, readAt);
      queryClient.setQueryData<number>(notificationKeys.unreadCount, (count) =>
        ids ? Math.max(0, (count ?? 0) - changed.length) : 0,
      );
      return { changed, readAt };
    },
    onError: (_error, _ids, context) => {
      if (context) unmarkCachedRead(queryClient, context.changed, context.readAt);
      // The server's count is the truth; the socket may have moved it meanwhile, so read it again.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
      // Not a spec text: the spec does not say what a failed "mark read" shows. The change is rolled back with it.
      toast.error(t('notifications.markReadFailed'));
    },
    onSuccess: ({ count }) => {
      queryClient.setQueryData(notificationKeys.unreadCount, count);
    },
  });
}

/** Query key of the member's mail choices (the panel's Email switches). */
// Not under ['me']: that key is the session alone, which sign-out keeps (as null) and the device keeps offline.
export const mailPreferencesKey = ['notifications', 'mail-preferences'] as const;

/** GET /api/me/mail-preferences: which member mails are on (read when the Email choices are opened). */
export function useMailPreferencesQuery(enabled = true) {
  return useQuery({
    queryKey: mailPreferencesKey,
    queryFn: ({ signal }) => api.get<MailPreferencesView>('/api/me/mail-preferences', { signal }),
    enabled,
  });
}

/**
 * PUT /api/me/mail-preferences with one change. The switch moves at once (optimistic) and goes back if the save
 * fails; the server's answer is the truth afterwards.
 */
export function useUpdateMailPreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateMailPreferencesInput) => api.put<MailPreferencesView>('/api/me/mail-preferences', { ...change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: mailPreferencesKey });
      const before = queryClient.getQueryData<MailPreferencesView>(mailPreferencesKey);
      if (before) queryClient.setQueryData<MailPreferencesView>(mailPreferencesKey, { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(mailPreferencesKey, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(mailPreferencesKey, saved),
  });
}
