import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  LIMITS,
  type ChatAttachmentView,
  type ConversationView,
  type LinkPreviewView,
  type MessagePage,
  type MessageView,
  type Page,
  type ReadResult,
  type SendMessageInput,
} from '@bayclub/shared';
import { api } from '#/lib/api';
import { realtime } from '#/lib/realtime/realtime-client';
import { mergeLatestPage, mergeOlderPage, updateConversationEverywhere, type MessageCache } from './cache';

export const messagingKeys = {
  all: ['messaging'] as const,
  /** The inbox list (an infinite query, newest first). */
  conversations: ['messaging', 'conversations'] as const,
  conversationPrefix: ['messaging', 'conversation'] as const,
  conversation: (id: string) => ['messaging', 'conversation', id] as const,
  messagesPrefix: ['messaging', 'messages'] as const,
  messages: (id: string) => ['messaging', 'messages', id] as const,
  unreadCount: ['messaging', 'unread-count'] as const,
  linkPreview: (messageId: string) => ['messaging', 'link-preview', messageId] as const,
  /** Another member's conversation as opened from their profile (POST /api/conversations). */
  withPrefix: ['messaging', 'with'] as const,
  with: (userId: string) => ['messaging', 'with', userId] as const,
};

const enc = encodeURIComponent;

/** Messages fetched while the socket is open count as seen, so the socket's resume does not replay them. */
function noteSeqs(items: readonly MessageView[]) {
  for (const m of items) realtime.noteFetchedSeq(m.seq);
}

// ---- plain calls (also used outside React) ----

export const fetchConversations = (cursor: string | undefined, signal?: AbortSignal) =>
  api.get<Page<ConversationView>>(`/api/conversations${cursor ? `?cursor=${enc(cursor)}` : ''}`, { signal });

export const fetchConversation = (id: string, signal?: AbortSignal) =>
  api.get<ConversationView>(`/api/conversations/${enc(id)}`, { signal });

export async function fetchMessages(id: string, query: { before?: number; after?: number } = {}, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(LIMITS.messagePageSize) });
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.after !== undefined) params.set('after', String(query.after));
  const page = await api.get<MessagePage>(`/api/conversations/${enc(id)}/messages?${params}`, { signal });
  noteSeqs(page.items);
  return page;
}

export const postMessage = (conversationId: string, input: SendMessageInput) =>
  api.post<MessageView>(`/api/conversations/${enc(conversationId)}/messages`, { ...input });

export const postRead = (conversationId: string) => api.post<ReadResult>(`/api/conversations/${enc(conversationId)}/read`, {});

/** POST /api/chat-media: one multipart part `file`; images come back re-encoded, videos with their metadata blanked. */
export function uploadChatMedia(file: File, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<ChatAttachmentView>('/api/chat-media', body, { signal });
}

/** GET /api/messages/:id/link-preview: 204 (no link or no preview) reads as null. */
export const fetchLinkPreview = async (messageId: string, signal?: AbortSignal) =>
  (await api.get<LinkPreviewView | null>(`/api/messages/${enc(messageId)}/link-preview`, { signal })) ?? null;

export const fetchUnreadCount = async (signal?: AbortSignal) =>
  (await api.get<{ count: number }>('/api/messages/unread-count', { signal })).count;

/**
 * POST /api/conversations { userId }: the pair's conversation, created on opening when an active match
 * exists. Rejects with ApiError 403 `NO_MATCH` when there is none. Pass the query client to seed its cache.
 */
export async function openConversationWith(userId: string, queryClient?: QueryClient): Promise<ConversationView> {
  const conversation = await api.post<ConversationView>('/api/conversations', { userId });
  queryClient?.setQueryData(messagingKeys.conversation(conversation.id), conversation);
  return conversation;
}

// ---- query options and hooks ----

/** GET /api/conversations, newest first, paged by cursor ('Load more'). */
export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: messagingKeys.conversations,
    queryFn: ({ pageParam, signal }) => fetchConversations(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useConversationsQuery(enabled = true) {
  return useInfiniteQuery({ ...conversationsQueryOptions(), enabled });
}

export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: messagingKeys.conversation(id),
    queryFn: ({ signal }) => fetchConversation(id, signal),
  });

export function useConversationQuery(id: string) {
  return useQuery(conversationQueryOptions(id));
}

/**
 * The newest page of a conversation, merged into what the cache already holds: older pages loaded by
 * scrolling up and messages that arrived over the socket stay, so a refetch never flickers or doubles.
 */
export const messagesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: messagingKeys.messages(id),
    queryFn: async ({ signal, client }): Promise<MessageCache> => {
      const page = await fetchMessages(id, {}, signal);
      return mergeLatestPage(client.getQueryData<MessageCache>(messagingKeys.messages(id)), page);
    },
  });

export function useMessagesQuery(id: string) {
  return useQuery(messagesQueryOptions(id));
}

/** Fetch the page before the oldest loaded message and put it in front of the cache. */
export async function loadOlderMessages(queryClient: QueryClient, id: string): Promise<void> {
  const key = messagingKeys.messages(id);
  const first = queryClient.getQueryData<MessageCache>(key)?.items[0];
  if (!first) return;
  const page = await fetchMessages(id, { before: first.seq });
  queryClient.setQueryData<MessageCache>(key, (old) => mergeOlderPage(old, page));
}

export const linkPreviewQueryOptions = (messageId: string) =>
  queryOptions({
    queryKey: messagingKeys.linkPreview(messageId),
    queryFn: ({ signal }) => fetchLinkPreview(messageId, signal),
    // A message never changes, so neither does its preview.
    staleTime: Infinity,
  });

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.unreadCount,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
  });

/** The member's unread messages over all conversations (0 until loaded); the bridge keeps it current. */
export function useUnreadMessageCount(enabled = true): number {
  return useQuery({ ...unreadCountQueryOptions(), enabled }).data ?? 0;
}

/** The conversation with a member, opened (POST) only when `enabled` (the match is confirmed). */
export function useConversationWithQuery(userId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messagingKeys.with(userId),
    queryFn: () => openConversationWith(userId, queryClient),
    enabled,
  });
}

/** After a read: the unread totals and the conversation's count in every cache that holds it. */
export function applyReadResult(queryClient: QueryClient, conversationId: string, result: ReadResult) {
  queryClient.setQueryData(messagingKeys.unreadCount, result.unreadTotal);
  updateConversationEverywhere(queryClient, conversationId, (c) => ({ ...c, unreadCount: 0 }));
}
