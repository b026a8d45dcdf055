import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#/lib/api';

export type SlugTarget =
  | { kind: 'user'; id: string; username: string }
  | { kind: 'community'; id: string; name: string; urlSlug: string };

export const slugKeys = { bySlug: (slug: string) => ['slugs', slug] as const };

/** GET /api/slugs/:slug: a username or a community's url slug. 404 when unknown. */
export const slugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: slugKeys.bySlug(slug),
    queryFn: ({ signal }) => api.get<SlugTarget>(`/api/slugs/${encodeURIComponent(slug)}`, { signal }),
  });

export function useSlugQuery(slug: string) {
  return useQuery(slugQueryOptions(slug));
}
