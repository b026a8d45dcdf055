import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfileView } from '@bayclub/shared';
import { api } from '#/lib/api';

export const profileKeys = {
  all: ['profiles'] as const,
  byId: (id: string) => ['profiles', id] as const,
};

/** GET /api/profiles/:id: another member (or oneself, `isOwn`). 404 for unknown, invalid or deactivated. */
export const publicProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: profileKeys.byId(id),
    queryFn: ({ signal }) => api.get<PublicProfileView>(`/api/profiles/${encodeURIComponent(id)}`, { signal }),
  });

export function usePublicProfileQuery(id: string, enabled = true) {
  return useQuery({ ...publicProfileQueryOptions(id), enabled });
}
