import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ConversationView, MessagePage, MessageView, Page } from '@bayclub/shared';

/** What a conversation's message query holds: every loaded message, oldest first, each id once. */
export interface MessageCache {
  items: MessageView[];
  /** Older messages exist beyond the first item. */
  hasMore: boolean;
}

export type InboxData = InfiniteData<Page<ConversationView>, string | undefined>;

// Query keys are repeated here (not imported from api.ts) so this module stays free of the network layer.
const CONVERSATIONS = ['messaging', 'conversations'] as const;
const conversationKey = (id: string) => ['messaging', 'conversation', id] as const;
const messagesKey = (id: string) => ['messaging', 'messages', id] as const;

/** `existing` and `incoming` together, each id once (the incoming copy wins), in stream order. */
export function mergeMessages(existing: readonly MessageView[], incoming: readonly MessageView[]): MessageView[] {
  const byId = new Map<string, MessageView>();
  for (const m of existing) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The newest page merged with the cache. When the page does not reach back to what the cache holds (more
 * than a page arrived meanwhile), keeping the old messages would leave a hole: the page replaces them.
 */
export function mergeLatestPage(existing: MessageCache | undefined, page: MessagePage): MessageCache {
  if (!existing || existing.items.length === 0) return { items: [...page.items], hasMore: page.hasMore };
  const newestCached = existing.items[existing.items.length - 1]!.seq;
  const oldestFetched = page.items[0]?.seq;
  const gap = page.hasMore && oldestFetched !== undefined && oldestFetched > newestCached;
  if (gap) return { items: [...page.items], hasMore: true };
  return { items: mergeMessages(existing.items, page.items), hasMore: existing.hasMore && page.hasMore ? true : existing.hasMore };
}

/** An older page (`before` the first cached message) put in front. */
export function mergeOlderPage(existing: MessageCache | undefined, page: MessagePage): MessageCache {
  return { items: mergeMessages(page.items, existing?.items ?? []), hasMore: page.hasMore };
}

/** One message added to a loaded conversation (a socket event or a send's answer). */
export function appendMessage(existing: MessageCache | undefined, message: MessageView): MessageCache | undefined {
  if (!existing) return existing;
  if (existing.items.some((m) => m.id === message.id)) return existing;
  return { ...existing, items: mergeMessages(existing.items, [message]) };
}

export function preview(message: MessageView): ConversationView['lastMessage'] {
  return { senderId: message.senderId, content: message.content, messageType: message.messageType, createdAt: message.createdAt };
}

/**
 * The inbox after a message: its conversation moves to the top with the new preview, and its unread count
 * grows by one when `countsAsUnread`. Returns `found: false` when the conversation is not in the loaded pages.
 */
export function applyMessageToInbox(
  data: InboxData,
  message: MessageView,
  countsAsUnread: boolean,
): { data: InboxData; found: boolean } {
  let found: ConversationView | undefined;
  const pages = data.pages.map((page) => {
    const hit = page.items.find((c) => c.id === message.conversationId);
    if (!hit) return page;
    found = hit;
    return { ...page, items: page.items.filter((c) => c.id !== message.conversationId) };
  });
  if (!found || pages.length === 0) return { data, found: false };
  // A replayed or repeated event must not move or count a conversation again.
  const last = found.lastMessage;
  const isNewer = !last || new Date(message.createdAt).getTime() >= new Date(last.createdAt).getTime();
  if (!isNewer) return { data, found: true };
  const updated: ConversationView = {
    ...found,
    lastMessage: preview(message),
    updatedAt: message.createdAt,
    unreadCount: found.unreadCount + (countsAsUnread ? 1 : 0),
  };
  pages[0] = { ...pages[0]!, items: [updated, ...pages[0]!.items] };
  return { data: { ...data, pages }, found: true };
}

/** `fn` applied to one conversation wherever it is cached: the inbox list and its own query. */
export function updateConversationEverywhere(
  queryClient: QueryClient,
  conversationId: string,
  fn: (c: ConversationView) => ConversationView,
) {
  queryClient.setQueryData<InboxData>(CONVERSATIONS, (data) =>
    data && {
      ...data,
      pages: data.pages.map((p) => ({ ...p, items: p.items.map((c) => (c.id === conversationId ? fn(c) : c)) })),
    },
  );
  queryClient.setQueryData<ConversationView>(conversationKey(conversationId), (c) => c && fn(c));
}

/** Ids of messages applied lately, so a repeated or replayed event is never counted as unread twice. */
const applied = new Set<string>();
const APPLIED_MAX = 1000;

function remember(id: string) {
  applied.add(id);
  if (applied.size > APPLIED_MAX) applied.delete(applied.values().next().value!);
}

/** Forget what this tab has seen (sign-out). */
export function forgetAppliedMessages() {
  applied.clear();
}

/** Whether a message was already seen by this tab (so a replay does not count it as unread twice). */
function isKnown(queryClient: QueryClient, message: MessageView): boolean {
  if (applied.has(message.id)) return true;
  return queryClient.getQueryData<MessageCache>(messagesKey(message.conversationId))?.items.some((m) => m.id === message.id) ?? false;
}

/**
 * A message the tab learned about (socket event or a send's answer) into every cache: the conversation's
 * messages when loaded, the conversation's preview, and the inbox list. Returns false when the inbox is
 * loaded but does not hold the conversation (the caller refetches the list).
 */
export function applyMessage(
  queryClient: QueryClient,
  message: MessageView,
  opts: { own: boolean; chatVisible: boolean },
): boolean {
  const known = isKnown(queryClient, message);
  remember(message.id);
  queryClient.setQueryData<MessageCache>(messagesKey(message.conversationId), (old) => appendMessage(old, message));
  const countsAsUnread = !known && !opts.own && !opts.chatVisible;
  queryClient.setQueryData<ConversationView>(conversationKey(message.conversationId), (c) => {
    if (!c) return c;
    if (c.lastMessage && new Date(c.lastMessage.createdAt).getTime() > new Date(message.createdAt).getTime()) return c;
    return { ...c, lastMessage: preview(message), updatedAt: message.createdAt, unreadCount: c.unreadCount + (countsAsUnread ? 1 : 0) };
  });
  const inbox = queryClient.getQueryData<InboxData>(CONVERSATIONS);
  if (!inbox) return true;
  const { data, found } = applyMessageToInbox(inbox, message, countsAsUnread);
  if (found) queryClient.setQueryData<InboxData>(CONVERSATIONS, data);
  return found;
}
