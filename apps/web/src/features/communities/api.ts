import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCommunityView } from '@bayclub/shared';
import { api } from '#/lib/api';

/**
 * Query keys of everything about communities. Other features (the post composer, search) read
 * `communityKeys.mine()` and invalidate `communityKeys.all` when memberships change.
 */
export const communityKeys = {
  all: ['communities'] as const,
  mine: () => [...communityKeys.all, 'mine'] as const,
  detail: (id: string) => [...communityKeys.all, 'detail', id] as const,
};

export const myCommunitiesQueryOptions = () =>
  queryOptions({
    queryKey: communityKeys.mine(),
    queryFn: ({ signal }) => api.get<{ items: MyCommunityView[] }>('/api/communities/mine', { signal }),
  });

/** The member's communities (active and pending): "Your communities" and the composer's picker. */
export const useMyCommunitiesQuery = () => useQuery(myCommunitiesQueryOptions());
