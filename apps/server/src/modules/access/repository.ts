import { eq, sql } from 'drizzle-orm';
import { reusedQuery, type DbOrTx } from '../../db/client.js';
import { communityMembers, profiles, userRoles, users } from '../../db/schema/index.js';
import { isLocale, type UserRole } from '@bayclub/shared';
import { parseTextArray } from '../../platform/sql.js';

export interface ActorProfile {
  accountType: 'community_only' | 'full_platform';
  applicationStatus: 'pending' | 'approved' | 'rejected' | null;
  isDeactivated: boolean;
  username: string | null;
  fullName: string | null;
}

/**
 * The whole profile row, platform roles and community staff roles of one user: one round trip (a prepared
 * statement), since every request that needs a session pays for it. The whole row, not only the access fields, so
 * the member's own profile (/api/me) is answered from the session cache with no SQL (issue 25); migration 0022 makes
 * every change of the row invalidate the cache. Community staff roles count only while the membership is active (a
 * banned or pending row gives nothing).
 */
const accessOf = reusedQuery((db) =>
  db
    .select({
      profile: profiles,
      language: users.language,
      roles: sql<string[]>`array(select r.role from ${userRoles} r where r.user_id = ${users.id} order by r.role)`.mapWith(parseTextArray),
      communityRoles: sql<string[]>`array(select c.role from ${communityMembers} c
        where c.user_id = ${users.id} and c.status = 'active' and c.role in ('creator', 'moderator'))`.mapWith(parseTextArray),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('actor_access'),
);

export async function loadAccess(db: DbOrTx, userId: string) {
  const [row] = await accessOf(db).execute({ id: userId });
  const profile = row?.profile ?? null;
  return {
    profile: profile
      ? ({
          accountType: profile.accountType,
          applicationStatus: profile.applicationStatus,
          isDeactivated: profile.isDeactivated,
          username: profile.username,
          fullName: profile.fullName,
        } as ActorProfile)
      : null,
    ownProfile: profile,
    language: isLocale(row?.language) ? row.language : null,
    roles: (row?.roles ?? []) as UserRole[],
    communityRoles: row?.communityRoles ?? [],
  };
}
