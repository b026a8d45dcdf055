import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { DeckPage, SayHiInput, SayHiResult } from '@bayclub/shared';
import { api, isApiError, pageUrl } from '#/lib/api';
import { connectionKeys, invalidateConnections, type DeckFilters } from '#/lib/relationships';
import { filtersToParams } from './deck-filters';

export type DeckData = InfiniteData<DeckPage, string | null>;

/** GET /api/say-hi/deck with the filters, a page (10 cards) at a time. */
export const deckQueryOptions = (filters: DeckFilters) =>
  infiniteQueryOptions({
    queryKey: connectionKeys.deck(filters),
    queryFn: ({ pageParam, signal }) => {
      return api.get<DeckPage>(pageUrl('/api/say-hi/deck', filtersToParams(filters), pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useDeckQuery(filters: DeckFilters) {
  return useInfiniteQuery(deckQueryOptions(filters));
}

export const isDailyLimit = (error: unknown) => isApiError(error) && (error.status === 429 || error.code === 'DAILY_LIMIT');

/** Change every cached deck (any filters) the same way: a member leaves, or the hellos left today change. */
function updateDecks(
  queryClient: QueryClient,
  change: { remove?: string; remainingToday?: number },
) {
  queryClient.setQueriesData<DeckData>({ queryKey: connectionKeys.decks() }, (old) => {
    if (!old) return old;
    return {
      ...old,
      pages: old.pages.map((page) => ({
        ...page,
        items: change.remove ? page.items.filter((card) => card.id !== change.remove) : page.items,
        remainingToday: change.remainingToday ?? page.remainingToday,
      })),
    };
  });
}

/**
 * POST /api/hellos. On success the member leaves every deck and the hellos left today follow the server;
 * at the daily limit (429) every deck learns that none are left.
 */
export function useSayHiMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SayHiInput) => api.post<SayHiResult>('/api/hellos', { ...input }),
    onSuccess: (result, input) => {
      updateDecks(queryClient, { remove: input.userId, remainingToday: result.remainingToday });
      return invalidateConnections(queryClient);
    },
    onError: (error, input) => {
      if (isDailyLimit(error)) updateDecks(queryClient, { remainingToday: 0 });
      // Already said hi, already connected or gone: this member has no place in the deck any more.
      else if (isApiError(error) && (error.status === 404 || error.status === 409)) updateDecks(queryClient, { remove: input.userId });
    },
  });
}

/** POST /api/say-hi/skip: the card goes at once and comes back if the server refuses. */
export function useSkipMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<void>('/api/say-hi/skip', { userId }),
    onMutate: async (userId) => {
      await queryClient.cancelQueries({ queryKey: connectionKeys.decks() });
      const previous = queryClient.getQueriesData<DeckData>({ queryKey: connectionKeys.decks() });
      updateDecks(queryClient, { remove: userId });
      return { previous };
    },
    onError: (_error, _userId, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
  });
}
