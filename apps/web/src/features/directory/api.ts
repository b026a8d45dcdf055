import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { DirectoryPage } from '@bayclub/shared';
import { api, pageUrl } from '#/lib/api';
import { directoryToParams, type DirectoryFilters } from './directory-params';

export const directoryKeys = {
  all: ['directory'] as const,
  list: (filters: DirectoryFilters) => ['directory', filters] as const,
};

/** GET /api/directory with the filters, a page (24 cards) at a time. */
export const directoryQueryOptions = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: directoryKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      return api.get<DirectoryPage>(pageUrl('/api/directory', directoryToParams(filters), pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Keeps the previous results on screen while a new search or filter loads, so typing does not flash skeletons. */
export function useDirectoryQuery(filters: DirectoryFilters) {
  return useInfiniteQuery({ ...directoryQueryOptions(filters), placeholderData: keepPreviousData });
}
