import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_LIMITS } from '@bayclub/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { communities, events, locations, posts, profiles, searchWords } from '../../db/schema/index.js';
import { columnOf, containsPattern, count, rowsOf, textArray, timestamp, uuid } from '../../platform/sql.js';
import { visibleEventsFilter, type EventsViewer } from '../events/index.js';
import { approvedMemberSql, linkedInstagramSql, notBlockedWith } from '../access/index.js';
import { readablePostsFilter, type Reader } from '../posts/index.js';

/** Lexicon words tried per query word: the most similar ones (decision 017). */
export const ALTERNATIVES_PER_WORD = 8;
/** Query words shorter than this are matched as typed (a 3-letter word's "typos" are other words). */
export const TYPO_MIN_LENGTH = 4;

/**
 * Text as search compares it: bayclub_fold (migration 0024), lower case with the accents taken off ("Café" and
 * "cafe" are one). Searched fields are folded where they are compared, with trigram indexes on these expressions.
 */
export const fold = (text: SQL) => sql`bayclub_fold(${text})`;

/**
 * Row 0: the whole query, folded. Then per query word (`ord` from WITH ORDINALITY, an int8): the word folded, and
 * one of its alternatives with its similarity (none: null), or the word alone.
 */
const lexiconRow = z.object({
  ord: count(),
  folded: z.string(),
  word: columnOf(searchWords, 'word').nullable(),
});

/** The query and its words folded, and the typo alternatives of each word. */
export interface FoldedQuery {
  /** The whole query folded: what the searched fields (folded) are compared with. */
  q: string;
  /** Each query word folded, in the query's order. */
  words: string[];
  /** Per word (same order), the lexicon's words that look like it, best first; folded like the lexicon. */
  alternatives: string[][];
}

/**
 * The query folded by the database's own bayclub_fold (so it folds exactly as the indexed text does), and typo
 * tolerance, step one: for each query word of TYPO_MIN_LENGTH letters or more once folded, the lexicon's words (all
 * folded) that look like it (pg_trgm word similarity at its threshold, 0.6: "yoga" finds "yogis", "sunsett" finds
 * "sunset", "cafw" finds "cafe", the word of "Café" too) and do not already contain it (those match the word as typed
 * anyway). One statement.
 */
export async function foldedQuery(db: DbOrTx, q: string, words: string[]): Promise<FoldedQuery> {
  const rows = rowsOf(
    await db.execute(sql`
      select 0::int8 as ord, ${fold(sql`${q}::text`)} as folded, null::text as word, null::real as similarity
      union all
      select q.ord, q.f, c.word, c.similarity
      from (select u.ord, ${fold(sql`u.w`)} as f from unnest(${textArray(words)}) with ordinality as u(w, ord)) q
      left join lateral (
        select l.word, word_similarity(q.f, l.word) as similarity from ${searchWords} l
        where char_length(q.f) >= ${TYPO_MIN_LENGTH} and q.f <% l.word and strpos(l.word, q.f) = 0
        order by similarity desc, l.word
        limit ${ALTERNATIVES_PER_WORD}
      ) c on true
      order by ord, similarity desc, word`),
    lexiconRow,
  );
  const folded: FoldedQuery = { q: '', words: words.map(() => ''), alternatives: words.map(() => []) };
  for (const r of rows) {
    const i = Number(r.ord) - 1;
    if (i < 0) folded.q = r.folded;
    else {
      folded.words[i] = r.folded;
      if (r.word !== null) folded.alternatives[i]?.push(r.word);
    }
  }
  return folded;
}

/** Which types the searcher may find (policy.ts decides) and how the query matches. */
export interface SearchPlan {
  /** The normalized query, folded (FoldedQuery.q): the searched fields are folded where they are compared. */
  q: string;
  /**
   * One regular expression per query word: the word (folded) or one of its typo alternatives, anywhere (escaped, so
   * nothing in them is special). Empty: only the query as typed matches.
   */
  wordPatterns: string[];
  searcherId: string;
  users: boolean;
  communities: boolean;
  /** The events' visibility facts (events/repository visibleEventsFilter), or null: no events. */
  events: EventsViewer | null;
  /** The posts' reader (posts/repository readablePostsFilter), or null: no posts. */
  posts: Reader | null;
  /** Active places (locations' own rule decided the caller may see places). */
  places: boolean;
  /** Midnight today in club time: events starting from here on. */
  today: Date;
  /**
   * The folded query as a whole word (PostgreSQL regex: `\m` and `\M` around it, every other character literal): a
   * folded field holding it has word similarity 1, so ranking skips computing it there.
   */
  wholeWord: string;
  /** Matches counted per type (and looked through for the best few). */
  cap: number;
  perType: number;
}

/**
 * One result row, whatever its type (a UNION ALL of four tables' columns): the columns the presenter needs, null
 * where a type has none.
 */
const searchRow = z.object({
  type: z.enum(['user', 'community', 'event', 'post', 'place']),
  id: uuid(),
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  body: z.string().nullable(),
  picture: z.string().nullable(),
  verified: z.boolean().nullable(),
  /** A member's Instagram handle linked through Instagram (decision 033); null otherwise. */
  instagram: z.string().nullable(),
  starts_at: timestamp().nullable(),
  time_zone: z.string().nullable(),
  city: z.string().nullable(),
  status: columnOf(events, 'status').nullable(),
  created_at: timestamp(),
  /** The post's content was cut at the preview length. */
  truncated: z.boolean().nullable(),
  /** Matches of this type, counted up to the cap (count(*): an int8). */
  total: count(),
});
export type SearchRow = z.output<typeof searchRow>;

/**
 * A row's city and topics (or interests, or a place's category) as one lower-case text: bayclub_search_tags of
 * migration 0012, an immutable function its trigram indexes are built on. Words of a query match across these and
 * the names and descriptions: "tampa yoga" finds a Tampa community about yoga (decision 026).
 */
const tags = (city: SQL, list: SQL) => sql`bayclub_search_tags(${city}, ${list})`;

/** The contains pattern without its leading %: "starts with". */
const prefixPattern = (q: string) => containsPattern(q).slice(1);

/**
 * A row matches when one of its fields contains the query as typed (`%`, `_` and `\` literal), or when every query
 * word (or one of its typo alternatives) is somewhere in its fields. Both forms are served by the trigram indexes.
 * `fields` are folded (or lower-case ASCII by construction: usernames, cities, topics), like the query.
 * With word patterns, only they are asked: a field holding the query as typed holds each of its words too (the
 * patterns start with the word as typed), so asking both would only test every row twice.
 */
function matches(fields: SQL[], plan: SearchPlan): SQL {
  if (plan.wordPatterns.length) {
    return sql`(${sql.join(
      plan.wordPatterns.map((re) => sql`(${sql.join(fields.map((f) => sql`${f} ~* ${re}`), sql` or `)})`),
      sql` and `,
    )})`;
  }
  const pattern = containsPattern(plan.q);
  return sql`(${sql.join(
    fields.map((f) => sql`${f} ilike ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/** How many of a type's pool are ranked by word similarity (the rest cannot reach the first few). */
export const RANKED_PER_TYPE = 20;

/** SQL true when one of the fields, folded, holds the query as a whole word (its word similarity is then 1). */
const wholeWord = (plan: SearchPlan, fields: SQL[]) =>
  sql`(${sql.join(
    fields.map((f) => sql`coalesce(${fold(f)} ~* ${plan.wholeWord}, false)`),
    sql` or `,
  )})`;

/** The best word similarity of the (folded) query to any of the fields, folded (pg_trgm). */
const similarity = (plan: SearchPlan, fields: SQL[]) =>
  sql`greatest(${sql.join(
    fields.map((f) => sql`word_similarity(${plan.q}, coalesce(${fold(f)}, ''))`),
    sql`, `,
  )})`;

/**
 * One type's results, ranked by exact, then prefix, then word similarity, then `recency`; the first `perType`, each
 * with the size of `pool` (its matches the searcher may open, the first `cap` in the pool's own order).
 * Word similarity costs tens of microseconds a field, so it is computed for at most RANKED_PER_TYPE rows: the pool's
 * best by exact, prefix, whole word (similarity 1, cheap to see) and recency. When five hold the query as a whole
 * word it is not needed at all; otherwise the partial and typo matches compete among the newest (decision 017).
 */
function ranked(plan: SearchPlan, type: SearchRow['type'], pool: SQL, fields: SQL[], recency: SQL): SQL {
  return sql`(with pool as (${pool}),
    best as (
      select *, ${wholeWord(plan, fields)} as whole from pool
      order by exact desc, prefix desc, whole desc, ${recency}
      limit ${RANKED_PER_TYPE}
    )
    select ${type}::text as type, id, title, subtitle, body, picture, verified, instagram, starts_at, time_zone, city, status,
      created_at, truncated, (select count(*) from pool) as total
    from best
    order by exact desc, prefix desc, (case when whole then 1 else ${similarity(plan, fields)} end) desc, ${recency}
    limit ${plan.perType})`;
}

function usersSql(plan: SearchPlan): SQL {
  const me = sql`${plan.searcherId}::uuid`;
  // Usernames are lower-case ASCII (the format's rule): folded already, and profiles_username_trgm_idx serves them.
  const fields = [fold(sql`p.full_name`), sql`p.username`, fold(sql`p.bio`), tags(sql`p.city`, sql`p.interests`)];
  // Exact and prefix on the names; every match is ordered by them before the cap, so an exact name is never cut.
  const pool = sql`select p.id, p.full_name as title, p.username as subtitle, p.bio as body, p.profile_picture_url as picture,
      p.is_verified as verified, ${linkedInstagramSql(sql`p`)} as instagram, null::timestamptz as starts_at, null::text as time_zone, p.city, null::text as status,
      p.created_at, null::boolean as truncated,
      (${fold(sql`p.full_name`)} = ${plan.q} or p.username = ${plan.q}) is true as exact,
      (${fold(sql`p.full_name`)} like ${prefixPattern(plan.q)} escape '\\' or p.username like ${prefixPattern(plan.q)} escape '\\') is true as prefix
    from ${profiles} p
    where ${approvedMemberSql(sql`p`)} and ${notBlockedWith(sql`p.id`, me)} and ${matches(fields, plan)}
    order by exact desc, prefix desc, p.created_at desc, p.id desc
    limit ${plan.cap}`;
  return ranked(plan, 'user', pool, [sql`title`, sql`subtitle`, sql`body`], sql`created_at desc, id desc`);
}

function communitiesSql(plan: SearchPlan): SQL {
  // Folded name and description: the expressions communities_name_fold_trgm_idx and _description_fold_ index.
  const fields = [fold(sql`c.name`), fold(sql`c.description`), tags(sql`c.city`, sql`c.interests`)];
  const pool = sql`select c.id, c.name as title, c.url_slug as subtitle, c.description as body, c.avatar_image_key as picture,
      null::boolean as verified, null::text as instagram, null::timestamptz as starts_at, null::text as time_zone, c.city, null::text as status,
      c.created_at, null::boolean as truncated,
      ${fold(sql`c.name`)} = ${plan.q} as exact, ${fold(sql`c.name`)} like ${prefixPattern(plan.q)} escape '\\' as prefix
    from ${communities} c
    where ${matches(fields, plan)}
    order by exact desc, prefix desc, c.created_at desc, c.id desc
    limit ${plan.cap}`;
  return ranked(plan, 'community', pool, [sql`title`, sql`body`], sql`created_at desc, id desc`);
}

/**
 * The first `cap` rows in `order` (a table's newest or soonest first) that match the text AND that the searcher may
 * open. In two steps, so the planner plans the text alone: the first `1.5 x cap` text matches (a common word walks the
 * order's index and stops; a rare one comes from the trigram index), then the visible ones among them. Planned as
 * one query, the visibility rules' cautious estimates made PostgreSQL fetch every match of a common word through
 * the trigram index (4,600 heap rows for "kayak" at 100,000 posts: 20 ms against 6 ms for the walk).
 * Should more than a third of those matches be hidden from the searcher (all in private communities, say),
 * the one query runs after all (`every`), so a result set is never cut short by the first step.
 */
function firstVisible(o: { table: SQL; alias: string; where: SQL; visible: SQL; order: SQL; columns: SQL; cap: number }): SQL {
  const a = sql.raw(o.alias);
  const look = o.cap + o.cap / 2;
  return sql`with text_matches as materialized (
      select ${a}.* from ${o.table} ${a} where ${o.where} order by ${o.order} limit ${look}
    ),
    seen as materialized (
      select ${o.columns} from text_matches ${a} where ${o.visible} order by ${o.order} limit ${o.cap}
    )
    select * from seen
    where (select count(*) from seen) >= ${o.cap} or (select count(*) from text_matches) < ${look}
    union all
    select * from (
      select ${o.columns} from ${o.table} ${a} where ${o.where} and ${o.visible} order by ${o.order} limit ${o.cap}
    ) every
    where (select count(*) from seen) < ${o.cap} and (select count(*) from text_matches) = ${look}`;
}

function eventsSql(plan: SearchPlan, viewer: EventsViewer): SQL {
  // Upcoming from midnight today in club time, soonest first ("recency" for events is how soon they start): the
  // soonest `cap` matches, exact and prefix titles ranked within them (decision 017).
  const pool = firstVisible({
    table: sql`${events}`,
    alias: 'e',
    where: sql`e.starts_at >= ${plan.today.toISOString()}::timestamptz and ${matches([fold(sql`e.title`), fold(sql`e.description`), sql`e.city`], plan)}`,
    visible: visibleEventsFilter(viewer),
    order: sql`e.starts_at, e.id`,
    columns: sql`e.id, e.title, null::text as subtitle, e.description as body, e.cover_image_key as picture,
      null::boolean as verified, null::text as instagram, e.starts_at, e.time_zone, e.city, e.status, e.created_at, null::boolean as truncated,
      ${fold(sql`e.title`)} = ${plan.q} as exact, ${fold(sql`e.title`)} like ${prefixPattern(plan.q)} escape '\\' as prefix`,
    cap: plan.cap,
  });
  return ranked(plan, 'event', pool, [sql`title`, sql`body`], sql`starts_at, id`);
}

function postsSql(plan: SearchPlan, reader: Reader): SQL {
  // The newest `cap` matches; exact and prefix (the whole post) rank within them (decision 017). The preview is cut
  // here, so a long post is not sent whole.
  const pool = firstVisible({
    table: sql`${posts}`,
    alias: 'p',
    where: matches([fold(sql`p.content`)], plan),
    visible: readablePostsFilter(reader),
    order: sql`p.created_at desc nulls last, p.id desc nulls last`,
    columns: sql`p.id, null::text as title, null::text as subtitle, left(p.content, ${SEARCH_LIMITS.postPreview}) as body,
      null::text as picture, null::boolean as verified, null::text as instagram, null::timestamptz as starts_at, null::text as time_zone,
      null::text as city, null::text as status, p.created_at, char_length(p.content) > ${SEARCH_LIMITS.postPreview} as truncated,
      ${fold(sql`p.content`)} = ${plan.q} as exact, ${fold(sql`p.content`)} like ${prefixPattern(plan.q)} escape '\\' as prefix,
      p.content`,
    cap: plan.cap,
  });
  return ranked(plan, 'post', pool, [sql`content`], sql`created_at desc, id desc`);
}

function placesSql(plan: SearchPlan): SQL {
  // Active places only (a deactivated one is gone to members); a club has hundreds. Name, address, description, city
  // and category: the first three folded, each with its trigram index (0024).
  const fields = [fold(sql`l.name`), fold(sql`l.address`), fold(sql`l.description`), tags(sql`l.city`, sql`array[l.category]`)];
  const pool = sql`select l.id, l.name as title, l.category as subtitle, l.address as body, null::text as picture,
      null::boolean as verified, null::text as instagram, null::timestamptz as starts_at, null::text as time_zone, l.city, null::text as status,
      l.created_at, null::boolean as truncated,
      ${fold(sql`l.name`)} = ${plan.q} as exact, ${fold(sql`l.name`)} like ${prefixPattern(plan.q)} escape '\\' as prefix
    from ${locations} l
    where l.active and ${matches(fields, plan)}
    order by exact desc, prefix desc, lower(l.name), l.id
    limit ${plan.cap}`;
  return ranked(plan, 'place', pool, [sql`title`, sql`body`], sql`lower(title), id`);
}

/** The whole search, one statement: each type's best results (UNION ALL), in SEARCH_TYPES order. */
export function searchSql(plan: SearchPlan): SQL {
  const parts: SQL[] = [];
  if (plan.users) parts.push(usersSql(plan));
  if (plan.communities) parts.push(communitiesSql(plan));
  if (plan.events) parts.push(eventsSql(plan, plan.events));
  if (plan.posts) parts.push(postsSql(plan, plan.posts));
  if (plan.places) parts.push(placesSql(plan));
  return sql.join(parts, sql` union all `);
}

export async function search(db: DbOrTx, plan: SearchPlan): Promise<SearchRow[]> {
  if (!plan.users && !plan.communities && !plan.events && !plan.posts && !plan.places) return [];
  return rowsOf(await db.execute(searchSql(plan)), searchRow);
}
