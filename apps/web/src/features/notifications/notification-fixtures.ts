import type { NotificationView } from '@bayclub/shared';

// Test data for the notifications panel and bridge tests.

let seq = 0;

export function makeNotification(overrides: Partial<NotificationView> = {}): NotificationView {
  seq += 1;
  return {
    id: `10000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    type: 'other',
    title: `Notification ${seq}`,
    message: `Something happened (${seq})`,
    relatedId: null,
    readAt: null,
    createdAt: '2025-06-01T12:00:00.000Z',
    href: null,
    ...overrides,
  };
}

/** A message notification as the server presents it: it leads to the conversation's chat. */
export function makeMessageNotification(conversationId: string, overrides: Partial<NotificationView> = {}): NotificationView {
  return makeNotification({
    type: 'message',
    title: 'New message',
    relatedId: conversationId,
    href: `/chat/${conversationId}`,
    ...overrides,
  });
}
