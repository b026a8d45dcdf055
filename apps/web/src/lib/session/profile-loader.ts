import { LIMITS, PROFILE_MESSAGES, type MeView } from '@bayclub/shared';
import { isApiError } from '#/lib/api';

/** Why loading the member failed, and whether the session must be cleaned up (spec 4). */
export class ProfileLoadError extends Error {
  /** Unrecoverable: the app signs out locally after LIMITS.forcedCleanupDelay. */
  readonly forceCleanup: boolean;

  constructor(message: string, forceCleanup: boolean) {
    super(message);
    this.name = 'ProfileLoadError';
    this.forceCleanup = forceCleanup;
  }
}

export interface ProfileLoaderDeps {
  fetchMe: () => Promise<MeView>;
  recover: () => Promise<MeView>;
  sleep: (ms: number) => Promise<void>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Delay before attempt `attempt + 1`: 1 s, then doubling (spec 9). */
export const retryDelay = (attempt: number) => LIMITS.profileFetchBaseDelay * 2 ** (attempt - 1);

/**
 * Load who is signed in, following spec section 4:
 * - 401 means signed out (null); 403 is not recoverable (forced cleanup);
 * - other failures (network, 5xx) are tried up to 3 times with a doubling delay, then 'Max retries exceeded';
 * - a missing profile with a pending application is recreated through /api/me/recover,
 *   and if that fails: 'Profile not found and could not be recovered' with forced cleanup.
 */
export async function loadProfile(deps: ProfileLoaderDeps): Promise<MeView | null> {
  let me: MeView | undefined;
  for (let attempt = 1; attempt <= LIMITS.profileFetchMaxAttempts; attempt++) {
    try {
      me = await deps.fetchMe();
      break;
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      if (isApiError(error) && error.status === 403) throw new ProfileLoadError(error.message, true);
      if (attempt < LIMITS.profileFetchMaxAttempts) await deps.sleep(retryDelay(attempt));
    }
  }
  if (!me) throw new ProfileLoadError(PROFILE_MESSAGES.maxRetries, false);

  if (me.profile === null && me.recoverable) {
    let recovered: MeView;
    try {
      recovered = await deps.recover();
    } catch {
      throw new ProfileLoadError(PROFILE_MESSAGES.notRecovered, true);
    }
    if (!recovered.profile) throw new ProfileLoadError(PROFILE_MESSAGES.notRecovered, true);
    return recovered;
  }
  return me;
}

/** Spec 4: a community_only member whose application is pending counts as pending full platform. */
export function isPendingMember(me: MeView | null | undefined): boolean {
  return me?.profile?.accountType === 'community_only' && me.profile.applicationStatus === 'pending';
}
