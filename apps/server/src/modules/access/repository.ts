import { eq, inArray, and } from 'drizzle-orm';
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

/** Profile access fields, platform roles and community staff roles of one user. */
export async function loadAccess(db: DbOrTx, userId: string) {
  const [profileRows, roleRows, communityRows] = await Promise.all([
    db
      .select({
        accountType: profiles.accountType,
        applicationStatus: profiles.applicationStatus,
        isDeactivated: profiles.isDeactivated,
        username: profiles.username,
        fullName: profiles.fullName,
      })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1),
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    db
      .select({ role: communityMembers.role })
      .from(communityMembers)
      .where(and(eq(communityMembers.userId, userId), inArray(communityMembers.role, ['creator', 'moderator']))),
  ]);
  return {
    profile: (profileRows[0] ?? null) as ActorProfile | null,
    roles: roleRows.map((r) => r.role as UserRole),
    communityRoles: communityRows.map((r) => r.role as string),
  };
}
