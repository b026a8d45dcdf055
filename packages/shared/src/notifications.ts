import { z } from 'zod';
import type { NotificationType } from './enums.js';
import { LIMITS } from './limits.js';

/** Spec section 2: the notifications panel. */
export const NOTIFICATION_MESSAGES = {
  title: 'Notifications',
  markAllRead: 'Mark all read',
  empty: 'No notifications yet',
  loading: 'Loading notifications...',
  loadFailed: 'Failed to load notifications',
  justNow: 'Just now',
} as const;

export interface NotificationView {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  relatedId: string | null;
  readAt: string | null;
  createdAt: string;
  /** Where a click leads (a message notification: /chat/{related_id}); null when nowhere. */
  href: string | null;
}

declare module './realtime.js' {
  interface ServerEvents {
    notifications: { type: 'notification'; notification: NotificationView };
  }
}

export const notificationsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).optional().default(LIMITS.notificationList),
});

/** POST /api/notifications/mark-read: the given ids, or all of the member's when none are given. */
export const markNotificationsReadSchema = z.object({
  ids: z.array(z.uuid({ error: 'Must be a valid id' })).max(LIMITS.pageSizeMax).optional(),
});

/** Spec section 2: under 1 hour 'Just now', under 24 hours 'Nh ago', otherwise the date. */
export function notificationTimeLabel(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso);
  const ms = now.getTime() - at.getTime();
  if (ms < 60 * 60_000) return NOTIFICATION_MESSAGES.justNow;
  if (ms < 24 * 60 * 60_000) return `${Math.floor(ms / (60 * 60_000))}h ago`;
  return at.toLocaleDateString(locale);
}

/** Spec: the badge shows 99+ above 99. */
export const badgeLabel = (count: number) => (count > LIMITS.badgeCap ? `${LIMITS.badgeCap}+` : String(count));

/** A message-type notification opens /chat/{related_id} (spec section 2). */
export function notificationHref(n: { type: NotificationType; relatedId: string | null; path?: string | null }): string | null {
  if (n.type === 'message' && n.relatedId) return `/chat/${n.relatedId}`;
  return n.path ?? null;
}
