import type { AccountType, ApplicationStatus, UserRole } from './enums.js';
import type { LimitedUserFlag, LimitedUserFlags } from './flags.js';

/** What the capability decision needs to know about a member. */
export interface AccessSubject {
  accountType: AccountType | null;
  applicationStatus: ApplicationStatus | null;
  isDeactivated: boolean;
}

export type AccessLevel = 'full_platform' | 'limited' | 'pending' | 'none';

/**
 * The member's access level. A community_only member with a pending application is
 * "pending full platform" (spec section 4); pending members are limited by the flags too.
 * A deactivated or profile-less member has no access.
 */
export function accessLevel(subject: AccessSubject | null): AccessLevel {
  if (!subject || subject.isDeactivated || !subject.accountType) return 'none';
  if (subject.accountType === 'full_platform') return 'full_platform';
  return subject.applicationStatus === 'pending' ? 'pending' : 'limited';
}

/** The one decision for every capability: full_platform may, limited and pending need the flag. */
export function can(subject: AccessSubject | null, capability: LimitedUserFlag, flags: LimitedUserFlags): boolean {
  switch (accessLevel(subject)) {
    case 'full_platform':
      return true;
    case 'limited':
    case 'pending':
      return flags[capability] === true;
    case 'none':
      return false;
  }
}

/** Spec section 6: CRM roles or community creator/moderator. The CRM entry also needs full_platform. */
export function hasCrmRole(roles: readonly UserRole[], communityRoles: readonly string[]): boolean {
  return (
    roles.some((r) => r === 'admin' || r === 'crm_admin' || r === 'crm_user') ||
    communityRoles.some((r) => r === 'creator' || r === 'moderator')
  );
}
