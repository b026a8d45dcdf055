import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SAFETY_MESSAGES, type BlockedMemberView, type ReportInput } from '@bayclub/shared';
import { api, errorMessage } from '#/lib/api';
import { useSharedText } from '#/lib/i18n';
import { pagedQueryOptions, removeOptimistically } from '#/lib/paged-query';
import { connectionKeys, invalidateConnections } from '#/lib/relationships';
import { profileKeys } from '#/lib/public-profile';

export const blockListQueryOptions = () =>
  pagedQueryOptions<BlockedMemberView>(connectionKeys.blocks(), '/api/blocks');

export function useBlocksQuery(enabled = true) {
  return useInfiniteQuery({ ...blockListQueryOptions(), enabled });
}

/**
 * POST /api/blocks. Both members vanish from each other everywhere, so every connection list, relationship,
 * the deck and the member's cached profile are dropped or refetched.
 */
export function useBlockMutation() {
  const queryClient = useQueryClient();
  const s = useSharedText();
  return useMutation({
    mutationFn: (userId: string) => api.post<void>('/api/blocks', { userId }),
    onSuccess: (_data, userId) => {
      toast.success(s(SAFETY_MESSAGES.blocked));
      queryClient.removeQueries({ queryKey: profileKeys.byId(userId) });
      return Promise.all([
        invalidateConnections(queryClient),
        queryClient.invalidateQueries({ queryKey: connectionKeys.decks() }),
      ]);
    },
  });
}

/** DELETE /api/blocks/:userId: the row leaves the list at once and comes back if the server refuses. */
export function useUnblockMutation() {
  const queryClient = useQueryClient();
  const s = useSharedText();
  return useMutation({
    mutationFn: (userId: string) => api.delete<void>(`/api/blocks/${encodeURIComponent(userId)}`),
    onMutate: async (userId) => ({
      rollback: await removeOptimistically<BlockedMemberView>(queryClient, connectionKeys.blocks(), (b) => b.member.id === userId),
    }),
    onSuccess: () => {
      toast.success(s(SAFETY_MESSAGES.unblocked));
    },
    onError: (error, _userId, context) => {
      context?.rollback();
      toast.error(errorMessage(error, s(SAFETY_MESSAGES.failed)));
    },
    onSettled: () => invalidateConnections(queryClient),
  });
}

/** POST /api/reports. */
export function useReportMutation() {
  return useMutation({
    mutationFn: (input: ReportInput) => api.post<{ id: string }>('/api/reports', { ...input }),
  });
}
