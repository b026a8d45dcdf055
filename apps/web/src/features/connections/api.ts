import * as React from 'react';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  CONNECTION_MESSAGES,
  MESSAGING_MESSAGES,
  type ConversationView,
  type HelloView,
  type MatchView,
  type RelationshipView,
} from '@bayclub/shared';
import { api, errorMessage } from '#/lib/api';
import { useSharedText, useT } from '#/lib/i18n';
import { pagedQueryOptions, removeOptimistically } from '#/lib/paged-query';
import { connectionKeys, invalidateConnections } from '#/lib/relationships';
import { useRealtimeEvent } from '#/lib/realtime/use-realtime';
import { catalog } from './i18n';

export type HelloDirection = HelloView['direction'];

export const helloListQueryOptions = (direction: HelloDirection) =>
  pagedQueryOptions<HelloView>(connectionKeys.hellos(direction), '/api/hellos', { direction });
export const matchListQueryOptions = () => pagedQueryOptions<MatchView>(connectionKeys.matches(), '/api/matches');

export function useHellosQuery(direction: HelloDirection, enabled = true) {
  return useInfiniteQuery({ ...helloListQueryOptions(direction), enabled });
}

export function useMatchesQuery(enabled = true) {
  return useInfiniteQuery({ ...matchListQueryOptions(), enabled });
}

/** GET /api/connections/with/:userId: how the viewer stands with a member (profile and chat actions). */
export const relationshipQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: connectionKeys.relationship(userId),
    queryFn: ({ signal }) => api.get<RelationshipView>(`/api/connections/with/${encodeURIComponent(userId)}`, { signal }),
    staleTime: 30_000,
  });

export function useRelationshipQuery(userId: string, enabled = true) {
  return useQuery({ ...relationshipQueryOptions(userId), enabled });
}


/** Keep connection lists and relationships current while mounted: the socket says when they changed. */
export function useConnectionsRealtime() {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type === 'connections') void invalidateConnections(queryClient);
  });
}

type Rollback = { rollback: () => void };

/** POST /api/hellos/:id/accept: the hello leaves Received at once, the match appears in Matches. */
export function useAcceptHelloMutation() {
  const queryClient = useQueryClient();
  const s = useSharedText();
  return useMutation({
    mutationFn: (hello: Pick<HelloView, 'id'>) =>
      api.post<{ match: MatchView }>(`/api/hellos/${encodeURIComponent(hello.id)}/accept`, {}),
    onMutate: async (hello): Promise<Rollback> => ({
      rollback: await removeOptimistically<HelloView>(queryClient, connectionKeys.hellos('received'), (h) => h.id === hello.id),
    }),
    onSuccess: () => {
      toast.success(s(CONNECTION_MESSAGES.matched));
    },
    onError: (error, _hello, context) => {
      context?.rollback();
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateConnections(queryClient),
  });
}

/** POST /api/hellos/:id/decline: the sender is not told. */
export function useDeclineHelloMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hello: Pick<HelloView, 'id'>) => api.post<void>(`/api/hellos/${encodeURIComponent(hello.id)}/decline`, {}),
    onMutate: async (hello): Promise<Rollback> => ({
      rollback: await removeOptimistically<HelloView>(queryClient, connectionKeys.hellos('received'), (h) => h.id === hello.id),
    }),
    onError: (error, _hello, context) => {
      context?.rollback();
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateConnections(queryClient),
  });
}

/** DELETE /api/hellos/:id: withdraw one's own pending hello. */
export function useWithdrawHelloMutation() {
  const queryClient = useQueryClient();
  const t = useT(catalog);
  return useMutation({
    mutationFn: (hello: Pick<HelloView, 'id'>) => api.delete<void>(`/api/hellos/${encodeURIComponent(hello.id)}`),
    onMutate: async (hello): Promise<Rollback> => ({
      rollback: await removeOptimistically<HelloView>(queryClient, connectionKeys.hellos('sent'), (h) => h.id === hello.id),
    }),
    onSuccess: () => {
      toast.success(t('connections.sent.withdrawn'));
    },
    onError: (error, _hello, context) => {
      context?.rollback();
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateConnections(queryClient),
  });
}

/** DELETE /api/matches/:id: messaging stops both ways at once. */
export function useUnmatchMutation() {
  const queryClient = useQueryClient();
  const s = useSharedText();
  return useMutation({
    mutationFn: (match: Pick<MatchView, 'id'>) => api.delete<void>(`/api/matches/${encodeURIComponent(match.id)}`),
    onMutate: async (match): Promise<Rollback> => ({
      rollback: await removeOptimistically<MatchView>(queryClient, connectionKeys.matches(), (m) => m.id === match.id),
    }),
    onSuccess: () => {
      toast.success(s(CONNECTION_MESSAGES.unmatched));
    },
    onError: (error, _match, context) => {
      context?.rollback();
      toast.error(errorMessage(error));
    },
    onSettled: () => invalidateConnections(queryClient),
  });
}

/**
 * Open the chat with a matched member: straight to it when the conversation exists, otherwise
 * POST /api/conversations creates it first (spec: created on opening when a match exists).
 * `opening` is the member whose chat is being opened, to show progress on the right button.
 */
export function useOpenChat() {
  const navigate = useNavigate();
  const s = useSharedText();
  const [opening, setOpening] = React.useState<string | null>(null);
  const create = useMutation({
    mutationFn: (userId: string) => api.post<ConversationView>('/api/conversations', { userId }),
  });

  const open = async (target: { userId: string; conversationId?: string | null }) => {
    if (target.conversationId) {
      void navigate(`/chat/${encodeURIComponent(target.conversationId)}`);
      return true;
    }
    setOpening(target.userId);
    try {
      const conversation = await create.mutateAsync(target.userId);
      void navigate(`/chat/${encodeURIComponent(conversation.id)}`);
      return true;
    } catch {
      // 403 NO_MATCH (the match ended meanwhile) or any failure: the spec's one messaging failure text.
      toast.error(s(MESSAGING_MESSAGES.sendFailed));
      return false;
    } finally {
      setOpening(null);
    }
  };

  return { open, opening };
}
