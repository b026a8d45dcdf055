import { sql } from 'drizzle-orm';
import type { AuditAction, AuditTargetType } from '@bayclub/shared';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, profiles } from '../../db/schema/index.js';
import type { Actor } from '../access/index.js';

export interface AuditEntry {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | null;
  targetLabel?: string | null;
  /** The member the action is about (their admin page shows the entry). */
  memberId?: string | null;
  /** A community moderator's action: the community it was taken in. */
  communityId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Append one audit entry in the caller's transaction (the entry commits with the action or not at all). The actor's
 * name is copied from their profile in the same statement, so the entry still reads after the account is deleted.
 */
export async function recordAudit(tx: DbOrTx, actor: Pick<Actor, 'userId' | 'email'> | null, entry: AuditEntry) {
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  const actorId = actor?.userId ?? null;
  await tx.execute(sql`
    insert into ${auditLog} (actor_id, actor_name, action, target_type, target_id, target_label, member_id, community_id, before, after, reason)
    values (
      ${actorId}::uuid,
      coalesce((select coalesce(p.full_name, p.username) from ${profiles} p where p.id = ${actorId}::uuid), ${actor?.email ?? 'System'}),
      ${entry.action}, ${entry.targetType}, ${entry.targetId ?? null}::uuid, ${entry.targetLabel ?? null},
      ${entry.memberId ?? null}::uuid, ${entry.communityId ?? null}::uuid,
      ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb, ${entry.reason ?? null}
    )
  `);
}
