import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCommunityView } from '@bayclub/shared';
import { api } from '#/lib/api';

/** Under the communities feature's keys (['communities', ...]): its invalidations refresh this list too. */
export const myCommunitiesKey = ['communities', 'mine'] as const;

export const myCommunitiesQueryOptions = () =>
  queryOptions({
    queryKey: myCommunitiesKey,
    queryFn: ({ signal }) => api.get<{ items: MyCommunityView[] }>('/api/communities/mine', { signal }),
  });

/**
 * The member's communities (active and pending): "Your communities", the composer's picker, the events' filter and
 * form. Several features read it, as they read who is signed in.
 */
export const useMyCommunitiesQuery = (enabled = true) => useQuery({ ...myCommunitiesQueryOptions(), enabled });
