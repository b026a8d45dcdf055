import type { AdminMemberState } from '@bayclub/shared';

/**
 * The back office's member rules (issue 23, decision 029).
 *
 * A member's state, first match wins: suspended (an admin's decision), deactivated (the member's own), then the
 * application: pending, rejected; everyone else is active. The same order is written in SQL (repository MEMBER_STATE_SQL and stateSql).
 */
export function memberState(p: {
  suspendedAt: unknown;
  isDeactivated: boolean;
  applicationStatus: string | null;
}): AdminMemberState {
  if (p.suspendedAt) return 'suspended';
  if (p.isDeactivated) return 'deactivated';
  if (p.applicationStatus === 'pending') return 'pending';
  if (p.applicationStatus === 'rejected') return 'rejected';
  return 'active';
}

/**
 * An active admin holds the admin role and can use it: not deactivated, not suspended. The club keeps at least one:
 * revoking the admin role, suspending or deleting is refused (409) when the member is the only active admin. Every such
 * change takes the admins' lock first (repository.lockAdmins), so two admins removing each other cannot both pass.
 */
export const wouldLeaveNoAdmin = (isActiveAdmin: boolean, otherActiveAdmins: number) => isActiveAdmin && otherActiveAdmins === 0;
