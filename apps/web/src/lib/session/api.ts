import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MeView, PermissionsView } from '@bayclub/shared';
import { api, ApiError, isApiError } from '#/lib/api';
import { CACHE } from '#/lib/cache-times';
import { isPendingMember, loadProfile, sleep } from './profile-loader';
import { sessionStore } from './session-store';

export const sessionKeys = {
  me: ['me'] as const,
  permissions: ['permissions'] as const,
};

/**
 * Ask better-auth whether a session exists before GET /api/me, so a visitor's page load logs no 401
 * (browsers print every failed request to the console). If that endpoint is unavailable, ask /api/me directly.
 */
async function fetchMe(signal: AbortSignal): Promise<MeView> {
  let session: unknown = undefined;
  try {
    session = await api.get<unknown>('/api/auth/get-session', { signal });
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
  }
  if (session === null) throw new ApiError(401, 'UNAUTHENTICATED', 'Not signed in');
  return api.get<MeView>('/api/me', { signal });
}

/** GET /api/me with spec-4 retries and recovery; `null` means signed out. Retries live in the loader. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me,
    queryFn: ({ signal }): Promise<MeView | null> => {
      if (sessionStore.get().locallySignedOut) return Promise.resolve(null);
      return loadProfile({
        fetchMe: () => fetchMe(signal),
        recover: () => api.post<MeView>('/api/me/recover', {}),
        sleep,
      });
    },
    retry: false,
    // Spec 4: while the application is pending, look again every 2 minutes so an approval shows up.
    refetchInterval: (query) => (isPendingMember(query.state.data) ? CACHE.pendingProfilePoll : false),
    refetchIntervalInBackground: false,
  });

export function useMeQuery() {
  return useQuery(meQueryOptions());
}

/** GET /api/permissions: the limited-user flags, only fetched while signed in. */
export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.permissions,
    queryFn: async ({ signal }) => (await api.get<PermissionsView>('/api/permissions', { signal })).flags,
    staleTime: CACHE.permissions.staleTime,
    gcTime: CACHE.permissions.gcTime,
  });

/** Sign-in or sign-up happened: forget any local sign-out and load the member again. */
export async function refreshSession(queryClient: QueryClient): Promise<MeView | null> {
  sessionStore.setLocallySignedOut(false);
  await queryClient.invalidateQueries({ queryKey: sessionKeys.permissions });
  return queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
}

/** Forget everything about the member on this device (the server may or may not have ended the session). */
export function clearLocalSession(queryClient: QueryClient) {
  sessionStore.setLocallySignedOut(true);
  // Everything but the session itself, exactly ['me'] (any other key, whatever its first word, was the member's).
  queryClient.removeQueries({ predicate: (q) => !(q.queryKey.length === 1 && q.queryKey[0] === sessionKeys.me[0]) });
  queryClient.setQueryData(sessionKeys.me, null);
}
