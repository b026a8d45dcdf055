import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { communities, profiles } from '../../db/schema/index.js';

/**
 * An active member by username or profile id; `onlyId` narrows the search to that one member (a caller who
 * may see nobody else still finds themselves).
 */
export async function findActiveMember(db: DbOrTx, slug: string, opts: { isId: boolean; onlyId?: string }) {
  const [user] = await db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(
      and(
        opts.isId ? eq(profiles.id, slug) : eq(profiles.username, slug),
        eq(profiles.isDeactivated, false),
        opts.onlyId ? eq(profiles.id, opts.onlyId) : undefined,
      ),
    )
    .limit(1);
  return user ?? null;
}

export async function findCommunity(db: DbOrTx, slug: string, opts: { isId: boolean }) {
  const [community] = await db
    .select({ id: communities.id, name: communities.name, urlSlug: communities.urlSlug })
    .from(communities)
    .where(opts.isId ? or(eq(communities.id, slug), eq(communities.urlSlug, slug)) : eq(communities.urlSlug, slug))
    .limit(1);
  return community ?? null;
}
