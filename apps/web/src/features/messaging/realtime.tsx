import * as React from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import type { ServerEvent } from '@bayclub/shared';
import { useMe } from '#/lib/session/use-session';
import { connectionKeys } from '#/lib/relationships';
import { realtime } from '#/lib/realtime/realtime-client';
import { useRealtimeEvent } from '#/lib/realtime/use-realtime';
import { isChatVisible } from './active-chats';
import { messagingKeys } from './api';
import { applyMessage, forgetAppliedMessages, updateConversationEverywhere } from './cache';
import { pendingMessages } from './pending-store';

/** Queries whose data is older than the socket's last open may have missed events: only those are refetched. */
const staleSinceOpen = (openedAt: number) => (query: Query) =>
  query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < openedAt;

/** What one server event changes in the messaging caches. Exported for tests. */
export function applyMessagingEvent(queryClient: QueryClient, event: ServerEvent, meId: string | null) {
  switch (event.type) {
    case 'message': {
      const { message } = event;
      const own = message.senderId === meId;
      const inInbox = applyMessage(queryClient, message, { own, chatVisible: isChatVisible(message.conversationId) });
      // A conversation the loaded inbox does not hold (new, or beyond the loaded pages): ask once.
      if (!inInbox) void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
      if (own && message.clientId) pendingMessages.settle(message.conversationId, message.clientId);
      return;
    }
    case 'unread':
      queryClient.setQueryData(messagingKeys.unreadCount, event.messages);
      return;
    case 'read':
      if (event.userId === meId) {
        // Read in another tab or device.
        updateConversationEverywhere(queryClient, event.conversationId, (c) => ({ ...c, unreadCount: 0 }));
      } else {
        updateConversationEverywhere(queryClient, event.conversationId, (c) => ({
          ...c,
          otherLastReadSeq: Math.max(c.otherLastReadSeq, event.lastReadSeq),
        }));
      }
      return;
    case 'conversation':
      updateConversationEverywhere(queryClient, event.conversationId, (c) => ({ ...c, canMessage: event.canMessage }));
      return;
    case 'connections':
      // A match or block changed: whether a profile's Message tab may open a chat, and which chats are listed.
      void queryClient.invalidateQueries({ queryKey: connectionKeys.relationships() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.withPrefix });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
      return;
    case 'ready': {
      // Missed messages were replayed as events; lists, counts and read states may still be behind.
      const predicate = staleSinceOpen(realtime.openedAt);
      for (const queryKey of [messagingKeys.conversations, messagingKeys.conversationPrefix, messagingKeys.unreadCount]) {
        void queryClient.invalidateQueries({ queryKey, predicate });
      }
      // More was missed than the server replays: every loaded conversation is refetched (the caches merge).
      if (event.truncated) void queryClient.invalidateQueries({ queryKey: messagingKeys.messagesPrefix });
      return;
    }
    // Every other event belongs to the feature that listens for it (notifications, posts, events, locations...):
    // a new feature's events need no line here.
    default:
      return;
  }
}

/** Keeps message caches, the inbox and the unread count current from socket events (mounted while signed in). */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  const meId = useMe()?.user.id ?? null;
  useRealtimeEvent((event) => applyMessagingEvent(queryClient, event, meId));
  // Signing out unmounts the bridge: nothing of this member stays in memory for the next one.
  React.useEffect(
    () => () => {
      pendingMessages.clear();
      forgetAppliedMessages();
    },
    [],
  );
  return null;
}
