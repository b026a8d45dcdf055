import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApplyInput, LandingStats, UsernameAvailability } from '@bayclub/shared';
import { api } from '#/lib/api';

/** Query keys of the landing page's public data. */
export const landingKeys = {
  all: ['landing'] as const,
  stats: () => [...landingKeys.all, 'stats'] as const,
  usernameAvailability: (username: string) => ['usernames', 'availability', username] as const,
};

export const landingStatsQueryOptions = () =>
  queryOptions({
    queryKey: landingKeys.stats(),
    queryFn: ({ signal }) => api.get<LandingStats>('/api/landing/stats', { signal }),
  });

export function useLandingStatsQuery() {
  return useQuery(landingStatsQueryOptions());
}

export const usernameAvailabilityQueryOptions = (username: string) =>
  queryOptions({
    queryKey: landingKeys.usernameAvailability(username),
    queryFn: ({ signal }) =>
      api.get<UsernameAvailability>(`/api/usernames/availability?username=${encodeURIComponent(username)}`, { signal }),
    // A name can be taken by someone else at any moment: a short freshness, and a failed
    // check is reported at once ('Error checking availability') instead of retried.
    staleTime: 30_000,
    retry: false,
  });

export interface ApplyResult {
  applicationId: string;
}

/** An application, possibly made through a community's /{slug}/register page (issue 10). */
// ApplyInput carries the optional communitySlug of /{slug}/register (the community applied through).
export type ApplyRequest = ApplyInput;

/** POST /api/applications: on 201 the applicant is signed in (session cookie). */
export function useApplyMutation() {
  return useMutation({
    mutationFn: (input: ApplyRequest) => api.post<ApplyResult>('/api/applications', { ...input }),
  });
}
