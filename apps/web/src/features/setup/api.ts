import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SetupAdminInput } from '@bayclub/shared';
import { api } from '#/lib/api';

export const setupKeys = {
  status: () => ['setup', 'status'] as const,
};

export const setupStatusQueryOptions = () =>
  queryOptions({
    queryKey: setupKeys.status(),
    queryFn: ({ signal }) => api.get<{ needsSetup: boolean }>('/api/setup/status', { signal }),
    staleTime: 0,
  });

export function useSetupStatusQuery() {
  return useQuery(setupStatusQueryOptions());
}

/** POST /api/setup/admin: 201 signs the new admin in; 403 bad or used token; 409 an admin exists already. */
export function useSetupAdminMutation() {
  return useMutation({
    mutationFn: (input: SetupAdminInput) => api.post<unknown>('/api/setup/admin', { ...input }),
  });
}
