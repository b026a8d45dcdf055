import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_LIMITS, type SearchResponse } from '@bayclub/shared';
import { api } from '#/lib/api';

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => ['search', q] as const,
};

/** GET /api/search: each type's best five and their counts. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.query(q),
    queryFn: ({ signal }) => api.get<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`, { signal }),
    // What members wrote a moment ago is searchable at once: a query typed again asks again.
    staleTime: 0,
  });

/** `q` is the debounced, normalized query; shorter than the minimum asks nothing (spec 5: empty returns nothing). */
export function useSearchQuery(q: string) {
  return useQuery({
    ...searchQueryOptions(q),
    enabled: Array.from(q).length >= SEARCH_LIMITS.minLength,
    // The previous answer stays while the next loads, so results do not flash away at every pause in typing.
    placeholderData: keepPreviousData,
  });
}
