import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { communityMembers, profiles, reports, userRoles } from '../../db/schema/index.js';
import type {} from '../../platform/report-announcements.js';
import { rowsOf, uuid } from '../../platform/sql.js';
import { approvedMemberSql } from '../access/index.js';
import type { Hub } from '../realtime/index.js';

const recipientRow = z.object({ id: uuid() });

/**
 * Of this process's connected members, those whose queue shows report `reportId` of community `communityId` (null: a
 * member, message or place report), in one statement: the queue's own scope (policy.queueAccess): approved, active,
 * unsuspended admins and platform moderators for every report; the community's active creator and moderators for
 * its reports. Never the report's reporter or its author, even when they moderate: the reporter filed it, and the
 * author is not told live that someone reported them (the notifications say what each may know). A report already
 * gone (a deleted comment's, resolved) has no row left to name them: its 'resolved' reaches the staff alone anyway.
 */
async function queueAudience(db: Db, local: string[], reportId: string, communityId: string | null): Promise<string[]> {
  if (!local.length) return [];
  const ids = sql`${`{${local.join(',')}}`}::uuid[]`;
  const staff = communityId
    ? sql`or exists (select 1 from ${communityMembers} cm where cm.user_id = p.id and cm.community_id = ${communityId}::uuid
        and cm.status = 'active' and cm.role in ('creator', 'moderator'))`
    : sql``;
  const rows = rowsOf(
    await db.execute(sql`
      select p.id from ${profiles} p
      where p.id = any(${ids}) and ${approvedMemberSql(sql`p`)} and p.suspended_at is null
        and (exists (select 1 from ${userRoles} r where r.user_id = p.id and r.role in ('admin', 'moderator')) ${staff})
        and not exists (select 1 from ${reports} rp where rp.id = ${reportId}::uuid and p.id in (rp.reporter_id, rp.reported_user_id))`),
    recipientRow,
  );
  return rows.map((r) => r.id);
}

/**
 * A report filed or resolved (platform/report-announcements): ids only, to the moderators who may see it, so their
 * open queues refetch what they may see. Never to its reporter or its author (queueAudience).
 */
export function registerModerationRealtime(hub: Hub, db: Db) {
  hub.register('modq', {
    recipients: (e, local) => queueAudience(db, local, e.r, e.c),
    payload: (e) => ({ type: 'moderation:queue', reportId: e.r, change: e.s }),
  });
}
