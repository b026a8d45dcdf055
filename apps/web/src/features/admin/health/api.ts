import { queryOptions, useQuery } from '@tanstack/react-query';
import { HEALTH_REFETCH_MS, type AdminHealthView } from '@bayclub/shared';
import { api } from '#/lib/api';

export const healthKeys = {
  health: () => ['admin', 'health'] as const,
};

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: healthKeys.health(),
    queryFn: ({ signal }) => api.get<AdminHealthView>('/api/admin/health', { signal }),
    // Spec section 9: the context health check runs every 30 s.
    refetchInterval: HEALTH_REFETCH_MS,
    staleTime: HEALTH_REFETCH_MS,
  });

export function useHealthQuery() {
  return useQuery(healthQueryOptions());
}
