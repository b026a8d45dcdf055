import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminVitalsView } from '@bayclub/shared';
import { api } from '#/lib/api';

export const vitalsKeys = {
  vitals: (days: 7 | 28) => ['admin', 'vitals', days] as const,
};

export const vitalsQueryOptions = (days: 7 | 28) =>
  queryOptions({
    queryKey: vitalsKeys.vitals(days),
    queryFn: ({ signal }) => api.get<AdminVitalsView>(`/api/admin/vitals?days=${days}`, { signal }),
    staleTime: 60_000,
  });

export function useVitalsQuery(days: 7 | 28) {
  return useQuery({ ...vitalsQueryOptions(days), placeholderData: keepPreviousData });
}
