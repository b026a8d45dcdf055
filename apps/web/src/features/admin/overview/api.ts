import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverviewView } from '@bayclub/shared';
import { api } from '#/lib/api';

export const overviewKeys = {
  overview: () => ['admin', 'overview'] as const,
};

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: overviewKeys.overview(),
    queryFn: ({ signal }) => api.get<AdminOverviewView>('/api/admin/overview', { signal }),
    // Several admins run the club: the figures should not be minutes old.
    staleTime: 30_000,
  });

export function useOverviewQuery() {
  return useQuery(overviewQueryOptions());
}
