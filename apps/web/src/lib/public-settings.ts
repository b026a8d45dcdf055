import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@bayclub/shared';
import { api } from '#/lib/api';
import { CACHE } from '#/lib/cache-times';

export const settingsKeys = {
  all: ['settings'] as const,
  public: ['settings', 'public'] as const,
};

/** GET /api/settings/public. Spec 9: 5 min fresh, 30 min kept, 1 retry after 1 s. */
export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.public,
    queryFn: ({ signal }) => api.get<PublicSettings>('/api/settings/public', { signal }),
    staleTime: CACHE.settings.staleTime,
    gcTime: CACHE.settings.gcTime,
    retry: CACHE.settings.retry,
    retryDelay: CACHE.settings.retryDelay,
  });

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
