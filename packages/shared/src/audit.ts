import { z } from 'zod';

/**
 * The back office's audit log (issue 23, decision 029): every admin and moderator action. The action names are the
 * contract: the server writes only these, the dashboard filters by them and says them in words.
 */
export const AUDIT_ACTIONS = {
  'role.grant': 'Granted a role',
  'role.revoke': 'Revoked a role',
  'member.account_type': 'Changed the account type',
  'member.verify': 'Verified',
  'member.unverify': 'Removed the verified badge',
  'member.suspend': 'Suspended',
  'member.unsuspend': 'Lifted the suspension',
  'member.delete': 'Deleted the account',
  'member.warn': 'Warned',
  'member.ban': 'Banned',
  'report.dismiss': 'Dismissed a report',
  'report.remove': 'Removed reported content',
  'application.approve': 'Approved an application',
  'application.reject': 'Rejected an application',
  'settings.update': 'Changed settings',
  'asset.upload': 'Uploaded a site asset',
  'crm.note': 'Wrote a CRM note',
  'crm.note_delete': 'Deleted a CRM note',
  'crm.tag': 'Tagged a member',
  'crm.untag': 'Removed a tag',
  'crm.segment_save': 'Saved a segment',
  'crm.segment_delete': 'Deleted a segment',
  'crm.export': 'Exported members (CSV)',
  'backup.create': 'Made a backup',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const AUDIT_TARGET_TYPES = ['member', 'report', 'post', 'comment', 'event', 'location', 'application', 'settings', 'segment', 'note', 'backup'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** GET /api/admin/audit: newest first, keyset-paged; filters by action, actor, member. */
export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTION_NAMES, { error: 'Choose an action from the list' }).optional(),
  actorId: z.uuid({ error: 'Invalid actor id' }).optional(),
  memberId: z.uuid({ error: 'Invalid member id' }).optional(),
  cursor: z.string().max(512, { error: 'Invalid cursor' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export interface AuditEntryView {
  id: string;
  action: AuditAction;
  /** Null when the acting account was deleted; the name is the snapshot taken at the time. */
  actorId: string | null;
  actorName: string;
  targetType: AuditTargetType;
  targetId: string | null;
  targetLabel: string | null;
  memberId: string | null;
  communityId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  createdAt: string;
}
