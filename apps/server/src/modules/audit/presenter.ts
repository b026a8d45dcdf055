import type { AuditAction, AuditEntryView, AuditTargetType } from '@bayclub/shared';
import type { AuditRow } from './repository.js';

/** An audit entry as the dashboard shows it (every column is the log's own: nothing of the member's account). */
export function presentAuditEntry(r: AuditRow): AuditEntryView {
  return {
    id: r.id,
    action: r.action as AuditAction,
    actorId: r.actor_id,
    actorName: r.actor_name,
    targetType: r.target_type as AuditTargetType,
    targetId: r.target_id,
    targetLabel: r.target_label,
    memberId: r.member_id,
    communityId: r.community_id,
    before: r.before ?? null,
    after: r.after ?? null,
    reason: r.reason,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
