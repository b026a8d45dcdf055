import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { communityMembers, profiles, userRoles } from '../../db/schema/index.js';
import type { UserRole } from '@bayclub/shared';

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
  const row = (res as unknown as { rows: AccessRow[] }).rows[0]!;
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
    roles: pgArray(row.roles) as UserRole[],
    communityRoles: pgArray(row.community_roles),
  };
}

interface AccessRow {
  account_type: ActorProfile['accountType'];
  application_status: ActorProfile['applicationStatus'];
  is_deactivated: boolean;
  username: string | null;
  full_name: string | null;
  has_profile: boolean;
  roles: string[] | string;
  community_roles: string[] | string;
}

/** A text[] as the driver hands it over: parsed already, or in PostgreSQL's literal form for unknown types. */
function pgArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value.slice(1, -1).split(',').map((v) => v.replace(/^"(.*)"$/, '$1'));
}
