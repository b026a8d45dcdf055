import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MentionSuggestions } from '@bayclub/shared';
import { api } from '#/lib/api';

/** Where a mention is written: a post's community (null: member-wide) for the composer, or a post for a comment. */
export type MentionScope = { communityId?: string | null; postId?: string };

export const mentionKeys = {
  suggestions: (scope: MentionScope, q: string) => ['mentions', scope.postId ?? scope.communityId ?? 'members', q] as const,
};

/** GET /api/mentions: members the author may mention whose username starts with `q` (enabled while typing one). */
export function useMentionSuggestions(scope: MentionScope, q: string | null) {
  const params = new URLSearchParams({ q: q ?? '' });
  if (scope.postId) params.set('postId', scope.postId);
  else if (scope.communityId) params.set('communityId', scope.communityId);
  return useQuery({
    queryKey: mentionKeys.suggestions(scope, q ?? ''),
    queryFn: ({ signal }) => api.get<MentionSuggestions>(`/api/mentions?${params}`, { signal }),
    enabled: q !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
