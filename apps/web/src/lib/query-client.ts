import { QueryClient } from '@tanstack/react-query';
import { CACHE } from './cache-times';
import { isApiError } from './api';
import { keepPersistedLonger } from './offline/persister';
import { startOnlineTracking } from './offline/online-status';

/** Spec 7: never retry an auth/permission failure; otherwise up to 2 retries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
    return false;
  }
  return failureCount < CACHE.query.maxRetries;
}

export function createQueryClient() {
  startOnlineTracking();
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE.query.staleTime,
        gcTime: CACHE.query.gcTime,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  keepPersistedLonger(client);
  return client;
}
