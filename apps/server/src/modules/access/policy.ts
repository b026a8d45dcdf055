import {
  accessLevel,
  can,
  canSeeMembers as levelSeesMembers,
  hasCrmRole,
  type LimitedUserFlag,
  type LimitedUserFlags,
  type Locale,
  type UserRole,
} from '@bayclub/shared';
import type { ActorProfile } from './repository.js';
import type { ProfileRow } from './members.js';

/** Who is calling: resolved once per request from the session. */
export interface Actor {
  userId: string;
  email: string;
  sessionId: string;
  profile: ActorProfile | null;
  /**
   * The member's whole profile row as the session cache holds it (undefined when the Actor was not built from a
   * session): /api/me answers from it without SQL. Every change of the row drops the cached Actor (migration 0022).
   */
  ownProfile?: ProfileRow | null;
  /** The member's saved language (null: not chosen); what the server writes for them follows it (issue 26). */
  language: Locale | null;
  roles: UserRole[];
  communityRoles: string[];
}

/**
 * The access a route demands, declared on the route (config.access) and enforced in one hook:
 * - public: anyone; signedIn: any session (even without a usable profile);
 * - member: a profile that is not deactivated; full_platform: that account type;
 * - approved: an approved member, who sees other members (canSeeMembers: full_platform or approved community_only);
 * - { flag }: full_platform, or a limited/pending member whose flag is on (never a rejected applicant);
 *   admin: role admin.
 * Which members a caller may see is decided apart from the route, by canSeeMembers (decision 009).
 */
export type RouteAccess =
  | 'public'
  | 'signedIn'
  | 'member'
  | 'approved'
  | 'full_platform'
  | 'admin'
  | { flag: LimitedUserFlag };

export const isActiveMember = (actor: Actor | null) => !!actor?.profile && !actor.profile.isDeactivated;

/** A deactivated admin keeps the role row but wields nothing until reactivated. */
export const isAdmin = (actor: Actor | null) => !!actor?.roles.includes('admin') && isActiveMember(actor);

/** Spec section 6: CRM roles or community staff, and full_platform for the CRM entry. */
export const hasCrmAccess = (actor: Actor | null) =>
  !!actor &&
  accessLevel(actor.profile) === 'full_platform' &&
  hasCrmRole(actor.roles, actor.communityRoles);

/**
 * Decision 009: only approved members (full_platform, approved community_only) see other members. Applicants
 * (pending or rejected) and deactivated members see nobody but themselves: every lookup or list that presents
 * members asks this (or canSeeMember) and answers as for an unknown member when it says no.
 */
export const canSeeMembers = (actor: Actor | null) => !!actor && levelSeesMembers(actor.profile);

/** May this caller see the member `memberId` (before that member's own state and blocks)? Themselves always. */
export const canSeeMember = (actor: Actor | null, memberId: string) =>
  !!actor && (actor.userId === memberId || canSeeMembers(actor));

export function canUse(actor: Actor | null, capability: LimitedUserFlag, flags: LimitedUserFlags) {
  return can(actor?.profile ?? null, capability, flags);
}

/** Decide a route's access; returns null when allowed, else the HTTP status to answer. */
export function checkRouteAccess(
  access: RouteAccess,
  actor: Actor | null,
  flags: () => Promise<LimitedUserFlags>,
): Promise<401 | 403 | null> | 401 | 403 | null {
  if (access === 'public') return null;
  if (!actor) return 401;
  switch (access) {
    case 'signedIn':
      return null;
    case 'member':
      return isActiveMember(actor) ? null : 403;
    case 'approved':
      return canSeeMembers(actor) ? null : 403;
    case 'full_platform':
      return accessLevel(actor.profile) === 'full_platform' ? null : 403;
    case 'admin':
      return isAdmin(actor) ? null : 403;
    default: {
      // Full members can do everything a flag guards: no need to read the flags.
      const level = accessLevel(actor.profile);
      if (level === 'full_platform') return null;
      if (level === 'none' || level === 'rejected') return 403;
      return flags().then((f) => (canUse(actor, access.flag, f) ? null : 403));
    }
  }
}
