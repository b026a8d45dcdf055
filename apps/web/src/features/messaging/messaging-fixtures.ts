import type { ConversationView, MemberSummary, MessageView } from '@bayclub/shared';
import { OTHER_ID, OWN_ID } from '#/features/gallery/gallery-fixtures';
import { json, type Handler } from '#/test/render-app';

// Test data for messaging tests (messaging and profile features).

export { OTHER_ID, OWN_ID };
export const CONVERSATION_ID = 'c0c0c0c0-0000-4000-8000-000000000001';
export const OTHER_CONVERSATION_ID = 'c0c0c0c0-0000-4000-8000-000000000002';

export function makeMember(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return {
    id: OTHER_ID,
    fullName: 'Alex Moreno',
    username: 'alex',
    profilePictureUrl: null,
    isVerified: false,
    age: 28,
    city: 'clearwater',
    ...overrides,
  };
}

export function makeConversation(overrides: Partial<ConversationView> = {}): ConversationView {
  return {
    id: CONVERSATION_ID,
    member: makeMember(),
    lastMessage: null,
    unreadCount: 0,
    updatedAt: new Date().toISOString(),
    canMessage: true,
    otherLastReadSeq: 0,
    ...overrides,
  };
}

let seq = 100;

export function makeMessage(overrides: Partial<MessageView> = {}): MessageView {
  seq += 1;
  return {
    id: `a0a0a0a0-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    seq,
    conversationId: CONVERSATION_ID,
    senderId: OTHER_ID,
    content: `Message ${seq}`,
    mediaUrls: [],
    messageType: 'text',
    createdAt: new Date().toISOString(),
    clientId: null,
    ...overrides,
  };
}

/** Today (or `daysAgo` days before) at hh:mm local time, as ISO. */
export function at(hours: number, minutes: number, daysAgo = 0): string {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  d.setHours(hours, minutes, 0, 0);
  return d.toISOString();
}

/** A stored chat image URL as the server names them. */
export const chatMediaUrl = (name: string) => `/media/chat-media/${OWN_ID}/1700000000000-${name}`;

/** Handlers for one open conversation: the conversation, its messages, read and the unread count. */
export function chatHandlers(conversation: ConversationView, messages: MessageView[], hasMore = false): Record<string, Handler> {
  return {
    [`GET /api/conversations/${conversation.id}`]: () => json(conversation),
    [`GET /api/conversations/${conversation.id}/messages`]: () => json({ items: messages, hasMore }),
    [`POST /api/conversations/${conversation.id}/read`]: () => json({ lastReadSeq: messages.at(-1)?.seq ?? 0, unreadTotal: 0 }),
    'GET /api/messages/unread-count': () => json({ count: 0 }),
  };
}
