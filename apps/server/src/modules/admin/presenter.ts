import type { AdminMemberRow, AdminMemberView, AdminReportBrief, City, ReportReason, UserRole } from '@bayclub/shared';
import { memberState } from './policy.js';
import type { DetailRow, MemberRow, ReportBriefRow } from './repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A row of the members table: only these fields leave the server. */
export function presentMemberRow(r: MemberRow): AdminMemberRow {
  return {
    id: r.id,
    name: r.full_name,
    username: r.username,
    email: r.email,
    profilePictureUrl: r.profile_picture_url,
    accountType: r.account_type,
    state: memberState({ suspendedAt: r.suspended_at, isDeactivated: r.is_deactivated, applicationStatus: r.application_status }),
    city: (r.city as City | null) ?? null,
    roles: r.roles as UserRole[],
    isVerified: r.is_verified,
    joinedAt: iso(r.created_at),
    lastActiveAt: r.last_active_at ? iso(r.last_active_at) : null,
  };
}

function presentReport(r: ReportBriefRow): AdminReportBrief {
  return {
    id: r.id,
    reason: r.reason as ReportReason,
    details: r.details,
    status: r.status as AdminReportBrief['status'],
    targetType: r.target as AdminReportBrief['targetType'],
    other: r.other_id ? { id: r.other_id, name: r.other_name } : null,
    createdAt: iso(r.created_at),
  };
}

export function presentMemberView(r: DetailRow): AdminMemberView {
  const row = presentMemberRow(r);
  const a = r.application;
  return {
    ...row,
    bio: r.bio,
    age: r.age,
    gender: r.gender,
    interests: r.interests,
    applicationStatus: r.application_status,
    application: a
      ? {
          id: a.id,
          status: a.status,
          createdAt: iso(a.created_at),
          decidedAt: a.decided_at ? iso(a.decided_at) : null,
          decidedBy: a.decided_by ? { id: a.decided_by, name: a.decided_by_name } : null,
          rejectionReason: a.rejection_reason,
          bio: a.bio,
          instagramUsername: a.instagram_username,
        }
      : null,
    suspension: r.suspended_at ? { at: iso(r.suspended_at), reason: r.suspension_reason ?? '' } : null,
    isDeactivated: r.is_deactivated,
    lastAdmin: row.roles.includes('admin') && row.state !== 'deactivated' && row.state !== 'suspended' && r.other_active_admins === 0,
    reports: {
      madeCount: r.made_count,
      receivedCount: r.received_count,
      made: (r.made ?? []).map(presentReport),
      received: (r.received ?? []).map(presentReport),
    },
  };
}
