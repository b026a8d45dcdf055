import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { communityMembers, profiles, userRoles } from '../../db/schema/index.js';
import type { UserRole } from '@bayclub/shared';
import { columnsOf, leftJoined, rowsOf, textList } from '../../platform/sql.js';

export interface ActorProfile {
  accountType: 'community_only' | 'full_platform';
  applicationStatus: 'pending' | 'approved' | 'rejected' | null;
  isDeactivated: boolean;
  username: string | null;
  fullName: string | null;
}

/**
 * Profile access fields, platform roles and community staff roles of one user: one round trip, since every
 * request that needs a session pays for it. Community staff roles count only while the membership is active (a
 * banned or pending row gives nothing).
 */
export async function loadAccess(db: DbOrTx, userId: string) {
  const res = await db.execute(sql`
    select p.account_type, p.application_status, p.is_deactivated, p.username, p.full_name, (p.id is not null) as has_profile,
      array(select r.role from ${userRoles} r where r.user_id = u.id order by r.role) as roles,
      array(select c.role from ${communityMembers} c where c.user_id = u.id and c.status = 'active' and c.role in ('creator', 'moderator')) as community_roles
    from (select ${userId}::uuid as id) u
    left join ${profiles} p on p.id = u.id
  `);
  const row = rowsOf(res, accessRow)[0]!;
  return {
    profile: row.has_profile
      ? ({
          accountType: row.account_type,
          applicationStatus: row.application_status,
          isDeactivated: row.is_deactivated,
          username: row.username,
          fullName: row.full_name,
        } as ActorProfile)
      : null,
    roles: row.roles as UserRole[],
    communityRoles: row.community_roles,
  };
}

/** The profile is left-joined to the user id (has_profile says whether there is one); the roles are text arrays. */
const accessRow = z.object({
  ...leftJoined(columnsOf(profiles, 'account_type', 'application_status', 'is_deactivated', 'username', 'full_name')),
  has_profile: z.boolean(),
  roles: textList(),
  community_roles: textList(),
});
