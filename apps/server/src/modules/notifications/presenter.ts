import { notificationHref, type Locale, type NotificationView } from '@bayclub/shared';
import { renderNotification } from './kinds.js';
import type { NotificationRow } from './repository.js';

/** A stored notification as its reader sees it: the words are rendered now, by the kind's owner, in their language. */
export function presentNotification(row: NotificationRow, locale: Locale): NotificationView {
  const { title, message } = renderNotification(row, locale);
  return {
    id: row.id,
    type: row.type,
    title,
    message,
    relatedId: row.relatedId,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    href: notificationHref(row),
  };
}
