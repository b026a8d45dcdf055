import { useQuery } from '@tanstack/react-query';
import {
  accessLevel,
  can,
  type AccessLevel,
  type LimitedUserFlag,
  type LimitedUserFlags,
  type MeView,
} from '@bayclub/shared';
import { meQueryOptions, permissionsQueryOptions } from './api';
import { ProfileLoadError } from './profile-loader';
import { useSigningOut } from './session-store';

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in' | 'error' | 'signing-out';

/**
 * Which route table and layout a visitor gets (spec 2). A deactivated member who signs in gets a table of their
 * own: their profile (with the reactivate banner), Settings and sign-out; every member page would refuse them.
 */
export type Audience = 'signed-out' | 'full_platform' | 'community_only' | 'deactivated' | 'unclear';

export function audienceOf(me: MeView | null | undefined): Audience {
  if (!me) return 'signed-out';
  switch (accessLevel(me.profile)) {
    case 'full_platform':
      return 'full_platform';
    case 'limited':
    case 'pending':
    case 'rejected':
      return 'community_only';
    case 'none':
      return me.profile?.isDeactivated ? 'deactivated' : 'unclear';
  }
}

export interface Session {
  status: SessionStatus;
  me: MeView | null;
  audience: Audience;
  accessLevel: AccessLevel;
  isAdmin: boolean;
  error: ProfileLoadError | null;
  isFetching: boolean;
  refetch: () => void;
}

/** The session as the whole app sees it. Pages under the router can rely on status 'signed-in' or 'signed-out'. */
export function useSession(): Session {
  const query = useQuery(meQueryOptions());
  const signingOut = useSigningOut();
  const me = query.data ?? null;

  let status: SessionStatus;
  let error: ProfileLoadError | null = null;
  if (signingOut) status = 'signing-out';
  else if (query.error && (query.data === undefined || (query.error instanceof ProfileLoadError && query.error.forceCleanup))) {
    status = 'error';
    error =
      query.error instanceof ProfileLoadError ? query.error : new ProfileLoadError(query.error.message, false);
  } else if (query.data === undefined) status = 'loading';
  else status = me ? 'signed-in' : 'signed-out';

  return {
    status,
    me,
    audience: audienceOf(me),
    accessLevel: accessLevel(me?.profile ?? null),
    isAdmin: me?.isAdmin ?? false,
    error,
    isFetching: query.isFetching,
    refetch: () => void query.refetch(),
  };
}

/** The signed-in member, or null when signed out. */
export function useMe(): MeView | null {
  return useQuery(meQueryOptions()).data ?? null;
}

/** Limited-user flags (undefined until loaded or when signed out). */
export function usePermissions(): LimitedUserFlags | undefined {
  const me = useMe();
  return useQuery({ ...permissionsQueryOptions(), enabled: me !== null }).data;
}

/**
 * May the member use `capability`? full_platform always; limited and pending members need the flag
 * (false until the flags have loaded).
 */
export function useCan(capability: LimitedUserFlag): boolean {
  const me = useMe();
  const flags = usePermissions();
  const level = accessLevel(me?.profile ?? null);
  if (level === 'full_platform') return true;
  if (!flags) return false;
  return can(me?.profile ?? null, capability, flags);
}
