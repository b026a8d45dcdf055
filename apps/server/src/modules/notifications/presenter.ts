import { notificationHref, type NotificationView } from '@bayclub/shared';
import type { NotificationRow } from './repository.js';

export function presentNotification(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    relatedId: row.relatedId,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    href: notificationHref(row),
  };
}
