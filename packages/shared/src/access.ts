import type { AccountType, ApplicationStatus, UserRole } from './enums.js';
import type { LimitedUserFlag, LimitedUserFlags } from './flags.js';

/** What the capability decision needs to know about a member. */
export interface AccessSubject {
  accountType: AccountType | null;
  applicationStatus: ApplicationStatus | null;
  isDeactivated: boolean;
}

export type AccessLevel = 'full_platform' | 'limited' | 'pending' | 'rejected' | 'none';

/**
 * The member's access level (decision 009):
 * - full_platform: an approved full member;
 * - limited: an approved community_only member (or one created without an application), limited by the flags;
 * - pending: a community_only member whose application awaits a decision ("pending full platform", spec
 *   section 4), limited by the flags too;
 * - rejected: a community_only member whose application was refused: their own account and nothing more;
 * - none: deactivated, or no profile.
 */
export function accessLevel(subject: AccessSubject | null): AccessLevel {
  if (!subject || subject.isDeactivated || !subject.accountType) return 'none';
  if (subject.accountType === 'full_platform') return 'full_platform';
  if (subject.applicationStatus === 'pending') return 'pending';
  if (subject.applicationStatus === 'rejected') return 'rejected';
  return 'limited';
}

/**
 * The one decision for every capability: full_platform may, limited and pending need the flag. The flags are
 * what admins open to community members; a rejected applicant is not one, so no flag opens anything to them.
 */
export function can(subject: AccessSubject | null, capability: LimitedUserFlag, flags: LimitedUserFlags): boolean {
  switch (accessLevel(subject)) {
    case 'full_platform':
      return true;
    case 'limited':
    case 'pending':
      return flags[capability] === true;
    case 'rejected':
    case 'none':
      return false;
  }
}

/**
 * May this member see other members at all (profiles, photos, usernames, lists)? Only approved members:
 * full_platform and approved community_only. Applicants (pending or rejected) and deactivated members see
 * nobody but themselves (decision 009); every lookup and list of members asks this, and answers exactly as
 * for an unknown member when it is false.
 */
export function canSeeMembers(subject: AccessSubject | null): boolean {
  const level = accessLevel(subject);
  return level === 'full_platform' || level === 'limited';
}

/** Spec section 6: CRM roles or community creator/moderator. The CRM entry also needs full_platform. */
export function hasCrmRole(roles: readonly UserRole[], communityRoles: readonly string[]): boolean {
  return (
    roles.some((r) => r === 'admin' || r === 'crm_admin' || r === 'crm_user') ||
    communityRoles.some((r) => r === 'creator' || r === 'moderator')
  );
}
