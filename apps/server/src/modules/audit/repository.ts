import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { exactInstant, type TimeCursor } from '../../platform/cursor.js';
import { rowsOf, textArray, timestamp, uuid } from '../../platform/sql.js';

export const auditRow = z.object({
  id: uuid(),
  actor_id: uuid().nullable(),
  actor_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: uuid().nullable(),
  target_label: z.string().nullable(),
  member_id: uuid().nullable(),
  community_id: uuid().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: timestamp(),
  cursor_at: z.string(),
});
export type AuditRow = z.output<typeof auditRow>;

export interface AuditFilters {
  action?: string;
  actorId?: string;
  memberId?: string;
  /** Platform moderators read only these actions. */
  onlyActions?: readonly string[];
}

/**
 * The audit log, newest first, keyset on (created_at, id) exact to the microsecond: one statement, walking the index
 * of the filter given (action, actor or member: each (x, created_at, id)), else audit_log_created_idx.
 */
export async function auditPage(db: DbOrTx, f: AuditFilters, cursor: TimeCursor | null, limit: number): Promise<AuditRow[]> {
  const conditions = [
    f.action ? sql`a.action = ${f.action}` : sql`true`,
    f.actorId ? sql`a.actor_id = ${f.actorId}::uuid` : sql`true`,
    f.memberId ? sql`a.member_id = ${f.memberId}::uuid` : sql`true`,
    f.onlyActions ? sql`a.action = any(${textArray(f.onlyActions)})` : sql`true`,
    cursor ? sql`(a.created_at, a.id) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)` : sql`true`,
  ];
  return rowsOf(
    await db.execute(sql`
      select a.id, a.actor_id, a.actor_name, a.action, a.target_type, a.target_id, a.target_label, a.member_id, a.community_id,
        a.before, a.after, a.reason, a.created_at, ${exactInstant(sql`a.created_at`)} as cursor_at
      from ${auditLog} a
      where ${sql.join(conditions, sql` and `)}
      order by a.created_at desc, a.id desc
      limit ${limit + 1}`),
    auditRow,
  );
}
