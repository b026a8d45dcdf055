import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WelcomeView } from '@bayclub/shared';
import { api } from '#/lib/api';

export const welcomeKeys = { all: ['welcome'] as const };

/** GET /api/me/welcome: the checklist and suggestions (approved members only). */
export const welcomeQueryOptions = () =>
  queryOptions({
    queryKey: welcomeKeys.all,
    queryFn: ({ signal }) => api.get<WelcomeView>('/api/me/welcome', { signal }),
    // Ticks come from other pages (a join, an RSVP): Home asks again each time it is opened.
    staleTime: 0,
  });

export function useWelcomeQuery(enabled = true) {
  return useQuery({ ...welcomeQueryOptions(), enabled });
}

/** POST /api/me/welcome/dismiss: closed on every device; hidden here at once. */
export function useDismissWelcomeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/me/welcome/dismiss'),
    onMutate: () => queryClient.setQueryData<WelcomeView>(welcomeKeys.all, (old) => (old ? { ...old, dismissed: true } : old)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: welcomeKeys.all }),
  });
}
