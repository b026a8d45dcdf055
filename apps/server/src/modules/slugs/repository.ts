import { and, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { communities, profiles } from '../../db/schema/index.js';
import { rowsOf } from '../../platform/sql.js';

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

/**
 * One namespace for `/{slug}`: usernames and community addresses (decision 014). Every writer of either takes this
 * lock on the name before checking and writing it, inside its transaction, so two simultaneous claims of one
 * name (a community and a username, or two of either) are settled in turn: the second sees the first.
 */
export async function lockSlug(tx: DbOrTx, slug: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('slug:' || ${slug.toLowerCase()}))`);
}

const holderRow = z.object({ member: z.boolean(), community: z.boolean() });

/** Who holds a name already: a member (username), a community (other than `exceptCommunityId`), or nobody. */
export async function slugHolder(db: DbOrTx, slug: string, opts: { exceptCommunityId?: string } = {}): Promise<'member' | 'community' | null> {
  const name = slug.toLowerCase();
  const res = await db.execute(sql`
    select exists (select 1 from ${profiles} p where p.username = ${name}) as member,
      exists (
        select 1 from ${communities} c where c.url_slug = ${name}
        ${opts.exceptCommunityId ? sql`and c.id <> ${opts.exceptCommunityId}::uuid` : sql``}
      ) as community
  `);
  const row = rowsOf(res, holderRow)[0]!;
  return row.member ? 'member' : row.community ? 'community' : null;
}

/** Is the name a community's address? (the reverse check of a new or changed username) */
export async function isCommunitySlug(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: communities.id }).from(communities).where(eq(communities.urlSlug, slug.toLowerCase())).limit(1);
  return !!row;
}
