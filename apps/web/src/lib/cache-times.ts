import { LIMITS } from '@bayclub/shared';

/** Every cache time of the web app, from spec section 9, in one place. */
export const CACHE = {
  query: { staleTime: LIMITS.queryStale, gcTime: LIMITS.queryGc, maxRetries: 2 },
  settings: { staleTime: LIMITS.settingsStale, gcTime: LIMITS.settingsGc, retry: 1, retryDelay: 1000 },
  permissions: { staleTime: LIMITS.permissionsStale, gcTime: LIMITS.permissionsGc },
  pendingProfilePoll: LIMITS.pendingProfilePoll,
} as const;
