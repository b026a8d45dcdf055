import { sql, type SQL } from 'drizzle-orm';
import { LIMITS, type City, type DirectorySort } from '@bayclub/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { profiles } from '../../db/schema/index.js';
import { exactInstant, nameSortKey } from '../../platform/cursor.js';
import { columnsOf, rowsOf, textArray, textList } from '../../platform/sql.js';
import { linkedInstagramSql, notBlockedWith } from '../access/index.js';

export interface DirectoryFilters {
  q: string;
  city?: City;
  interests: string[];
  ageMin?: number;
  ageMax?: number;
  verified: boolean;
  hideIncomplete: boolean;
}

/** The last row of a page, per sort: `c` created_at (exact), `n` the name key, `k` interests in common, `i` id. */
export type DirectoryCursor =
  | { s: 'newest'; c: string; i: string }
  | { s: 'name'; n: string; i: string }
  | { s: 'common'; k: number; n: string; i: string };

/** A member's card with the viewer's interests in common (`shared`, their count `common`) and the sort keys. */
const directoryRow = z.object({
  ...columnsOf(profiles, 'id', 'full_name', 'username', 'profile_picture_url', 'is_verified', 'age', 'city', 'interests'),
  /** The handle linked through Instagram (decision 033), null when none is linked (a typed handle stays off cards). */
  linked_instagram: z.string().nullable(),
  shared: textList(),
  common: z.number().int(),
  name_key: z.string(),
  cursor_at: z.string(),
});
export type DirectoryRow = z.output<typeof directoryRow>;

/**
 * The name sort key. The same expression is indexed (profiles_directory_name_idx, migration 0025): members without
 * a name sort first as '' rather than disappearing.
 */
const NAME_KEY = nameSortKey(sql`p.full_name`);

/**
 * A contains-match of `q` folded as the names are, in SQL: the database folds the text first, then `%`, `_` and `\`
 * are made literal (folding writes them for their full-width forms, so escaping before would be undone). Constants
 * only: the search's transaction plans it for its value, as a literal pattern.
 */
const foldedContainsPattern = (q: string) =>
  sql`'%' || replace(replace(replace(bayclub_fold(${q}::text), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

/**
 * One page of the directory in one statement: the viewer's interests are read in the same query. Who is listed
 * (decision 018): approved, active members, as canSeeMembers decides for a viewer (full_platform, and
 * community_only approved or without an application), never the viewer, never anyone blocked either way.
 */
export async function directoryPage(db: Db, viewerId: string, f: DirectoryFilters, sort: DirectorySort, cursor: DirectoryCursor | null, limit: number) {
  const query = directoryQuery(viewerId, f, sort, cursor, limit);
  if (!f.q) return rowsOf(await db.execute(query), directoryRow);
  // A search's best plan depends on its text (a rare name: the trigram indexes; a common one or under three
  // letters: walk the sort's index). The app's connections keep generic plans (decision 010), so a search is
  // planned for its own values inside a transaction. Statements stay constant: BEGIN, SET, the query, COMMIT.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return rowsOf(await tx.execute(query), directoryRow);
  });
}

/** The page's SQL (exported for bench/directory-plans.ts, which prints its plans). */
export function directoryQuery(viewerId: string, f: DirectoryFilters, sort: DirectorySort, cursor: DirectoryCursor | null, limit: number): SQL {
  const me = sql`${viewerId}::uuid`;
  const conditions: SQL[] = [
    sql`not p.is_deactivated`,
    sql`p.id <> ${me}`,
    sql`(p.account_type = 'full_platform' or p.application_status is null or p.application_status = 'approved')`,
    notBlockedWith(sql`p.id`, me),
  ];
  if (f.q) {
    // Accents and case aside (issue 26): "jose nunez" finds "José Núñez". The name folded (bayclub_fold, migration
    // 0024) is what profiles_full_name_fold_trgm_idx indexes; usernames are lower-case ASCII, folded already.
    const pattern = foldedContainsPattern(f.q);
    conditions.push(sql`(bayclub_fold(p.full_name) like ${pattern} escape '\\' or p.username like ${pattern} escape '\\')`);
  }
  if (f.city) conditions.push(sql`p.city = ${f.city}`);
  if (f.ageMin !== undefined) conditions.push(sql`p.age >= ${f.ageMin}`);
  if (f.ageMax !== undefined) conditions.push(sql`p.age <= ${f.ageMax}`);
  if (f.interests.length) conditions.push(sql`p.interests && ${textArray(f.interests)}`);
  if (f.verified) conditions.push(sql`p.is_verified`);
  if (f.hideIncomplete) conditions.push(sql`(p.profile_picture_url is not null or coalesce(btrim(p.bio), '') <> '')`);

  const shared = sql`array(select i from unnest(p.interests) with ordinality as u(i, o) where i = any(v.interests) order by o)::text[]`;
  // Interests in common as a sum of one comparison per viewer interest (at most 15, the profile's limit): about
  // twice as fast per row as a subquery over unnest, and the common sort evaluates it for every listed member.
  const commonCount = sql.raw(
    Array.from({ length: LIMITS.interestsMax }, (_, k) => `coalesce(v.interests[${k + 1}] = any(p.interests), false)::int`).join(' + '),
  );
  const columns = sql`p.id, p.full_name, p.username, p.profile_picture_url, p.is_verified, p.age, p.city, p.interests,
    ${linkedInstagramSql(sql`p`)} as linked_instagram,
    ${shared} as shared, ${NAME_KEY} as name_key, ${exactInstant(sql`p.created_at`)} as cursor_at`;
  const from = sql`${profiles} p cross join (select coalesce((select interests from ${profiles} where id = ${me}), '{}'::text[]) as interests) v`;

  let query: SQL;
  switch (sort) {
    case 'newest': {
      // Walks profiles_directory_newest_idx (created_at desc, id desc) and stops after the page.
      if (cursor?.s === 'newest') conditions.push(sql`(p.created_at, p.id) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)`);
      query = sql`select ${columns}, 0 as common from ${from} where ${sql.join(conditions, sql` and `)}
        order by p.created_at desc, p.id desc limit ${limit + 1}`;
      break;
    }
    case 'name': {
      // Walks profiles_directory_name_idx (bayclub_fold(coalesce(full_name, '')), id).
      if (cursor?.s === 'name') conditions.push(sql`(${NAME_KEY}, p.id) > (${cursor.n}, ${cursor.i}::uuid)`);
      query = sql`select ${columns}, 0 as common from ${from} where ${sql.join(conditions, sql` and `)}
        order by ${NAME_KEY}, p.id limit ${limit + 1}`;
      break;
    }
    case 'common': {
      // The count depends on the viewer, so no index orders it: every listed member is counted and ranked on
      // (count, name key, id) alone; the card's columns are computed afterwards for the page's rows only.
      // Negating the count turns (count desc, name asc, id asc) into one ascending row comparison.
      const after = cursor?.s === 'common' ? sql`where (-r.common, r.name_key, r.id) > (${-cursor.k}, ${cursor.n}, ${cursor.i}::uuid)` : sql``;
      query = sql`with ranked as (
          select r.id, r.common, r.name_key from (
            select p.id, ${commonCount} as common, ${NAME_KEY} as name_key from ${from} where ${sql.join(conditions, sql` and `)}
          ) r ${after} order by r.common desc, r.name_key, r.id limit ${limit + 1}
        )
        select ${columns}, ranked.common from ranked join ${profiles} p on p.id = ranked.id
          cross join (select coalesce((select interests from ${profiles} where id = ${me}), '{}'::text[]) as interests) v
        order by ranked.common desc, ranked.name_key, ranked.id`;
      break;
    }
  }
  return query;
}

