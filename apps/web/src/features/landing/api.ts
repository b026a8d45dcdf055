import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplyInput, LandingStats, LinkedinPrefillView, UsernameAvailability } from '@bayclub/shared';
import { api } from '#/lib/api';

/** Query keys of the landing page's public data. */
export const landingKeys = {
  all: ['landing'] as const,
  stats: () => [...landingKeys.all, 'stats'] as const,
  usernameAvailability: (username: string) => ['usernames', 'availability', username] as const,
  linkedinPrefill: () => [...landingKeys.all, 'linkedin-prefill'] as const,
};

/** Where "Continue with LinkedIn" / "Sign in with LinkedIn" go: the server starts the OAuth round-trip (decision 034). */
export const linkedinStartUrl = (intent: 'apply' | 'signin') => `/api/linkedin/start?intent=${intent}`;

/** The LinkedIn identity the server verified (its signed cookie), to prefill the Apply form; null without one. */
export const linkedinPrefillQueryOptions = () =>
  queryOptions({
    queryKey: landingKeys.linkedinPrefill(),
    queryFn: ({ signal }) => api.get<LinkedinPrefillView>('/api/linkedin/prefill', { signal }),
    staleTime: Infinity,
    retry: false,
  });

export function useLinkedinPrefillQuery() {
  return useQuery(linkedinPrefillQueryOptions());
}

/** "Not you?": forget the LinkedIn identity and apply with the plain form. */
export function useForgetLinkedinMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/linkedin/prefill'),
    onSuccess: () => queryClient.setQueryData(landingKeys.linkedinPrefill(), { prefill: null }),
  });
}

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
