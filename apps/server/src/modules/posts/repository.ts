import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CommunityMemberRole, CommunityVisibility, MembershipStatus } from '@bayclub/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import {
  blocks,
  commentMentions,
  communities,
  communityMembers,
  postComments,
  postImages,
  postLikes,
  postMentions,
  posts,
  profiles,
  reports,
  userRoles,
} from '../../db/schema/index.js';
import { exactInstant, type TimeCursor } from '../../platform/cursor.js';
import { columnOf, columnsOf, leftJoined, rowsOf, textArray, textList } from '../../platform/sql.js';
import { approvedMemberSql, blockedBetween, memberJson, memberJsonSchema } from '../access/index.js';

/** The author's card, as the post and comment lists select it (`a`: the author's profile). */
const authorCard = columnsOf(profiles, 'full_name', 'username', 'profile_picture_url', 'is_verified', 'age', 'city');

/** One post as every list shows it (hydrate): the post, its author's card, its community and the viewer's own state. */
const postRow = z.object({
  ...columnsOf(posts, 'id', 'author_id', 'community_id', 'content', 'image_keys', 'image_sizes', 'like_count', 'comment_count'),
  ...columnsOf(posts, 'report_count', 'created_at', 'edited_at'),
  hidden: z.boolean(),
  /** created_at with its microseconds, for the cursor. */
  cursor_at: z.string(),
  ...authorCard,
  ...leftJoined({
    community_name: columnOf(communities, 'name'),
    community_slug: columnOf(communities, 'url_slug'),
    community_visibility: columnOf(communities, 'visibility'),
    my_status: columnOf(communityMembers, 'status'),
    my_role: columnOf(communityMembers, 'role'),
  }),
  liked_by_me: z.boolean(),
  mentions: textList(),
});
export type PostRow = z.output<typeof postRow>;

/** Who is reading, as the list queries need it. */
export interface Reader {
  userId: string;
  /** Admins moderate every community (communityViewer). */
  admin: boolean;
  /** Admins and platform moderators moderate member-wide posts. */
  platformModerator: boolean;
}

/**
 * Newest first, spelled exactly as the posts indexes are built (drizzle writes `DESC NULLS LAST`; a bare `DESC`
 * means NULLS FIRST, which those indexes cannot serve in order, and PostgreSQL then sorted every post of a
 * community). The columns are not null, so the order itself is the same.
 */
const newestFirst = sql`p.created_at desc nulls last, p.id desc nulls last`;

const keysetBefore = (cursor: TimeCursor | null) =>
  cursor ? sql`and (p.created_at, p.id) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)` : sql``;

/**
 * What every post list leaves out for this reader (the single-post check is postPermissions; they agree): authors
 * who are deactivated or blocked either way, and hidden posts unless the reader wrote it or `staff` (an SQL
 * boolean) says they moderate it.
 *
 * Written as per-row filters on purpose, not joins: the reader's blocks are one array computed once (an InitPlan,
 * both directions through the blocks indexes) and the author's state is a primary-key lookup per row, so a scan
 * keeps walking its index in (created_at, id) order and stops at the LIMIT. As joins, PostgreSQL hashed all of a
 * community's posts against all profiles and sorted them (15-300 ms at 20,000 posts instead of ~1 ms).
 */
const visibleTo = (viewer: SQL, staff: SQL) => sql`(select a.is_deactivated from ${profiles} a where a.id = p.author_id) = false
  and p.author_id <> all(${blockedAround(viewer)})
  and (p.hidden_at is null or p.author_id = ${viewer} or ${staff})`;

/**
 * SQL true when `reader` may read post `p`: postPermissions(...).canRead in SQL, for a list that looks through every
 * post (global search), so it shows exactly the posts the reader could open one by one. The community is member-wide
 * (null), public, one the reader is an active member of, or the reader is an admin (communityViewer's canRead); the
 * author is active and not blocked either way; a hidden post shows only to its author and its moderators (platform
 * moderators for member-wide posts; the community's creator and moderators, and admins): visibleTo's rules.
 *
 * Unlike visibleTo, the per-post checks are hashed sets built once (deactivated members through
 * profiles_deactivated_idx, the private communities the reader is not in, the reader's blocks): a search may check
 * thousands of posts that match a word, where a lookup per post cost ~5 us each.
 * The caller checked canSeeMembers: applicants and deactivated members read no posts at all.
 */
export function readablePostsFilter(reader: Reader): SQL {
  const v = sql`${reader.userId}::uuid`;
  const closedToReader = sql`select c.id from ${communities} c where c.visibility = 'private' and not exists (
    select 1 from ${communityMembers} cm where cm.community_id = c.id and cm.user_id = ${v} and cm.status = 'active')`;
  const readsCommunity = reader.admin ? sql`true` : sql`(p.community_id is null or p.community_id not in (${closedToReader}))`;
  const staff = sql`(case when p.community_id is null then ${reader.platformModerator}::boolean
    else ${reader.admin}::boolean or exists (select 1 from ${communityMembers} rm where rm.community_id = p.community_id
      and rm.user_id = ${v} and rm.status = 'active' and rm.role in ('creator', 'moderator')) end)`;
  return sql`(${readsCommunity}
    and p.author_id not in (select d.id from ${profiles} d where d.is_deactivated)
    and p.author_id <> all(${blockedAround(v)})
    and (p.hidden_at is null or p.author_id = ${v} or ${staff}))`;
}

/** The members the viewer blocked or was blocked by, as one array (both directions served by the blocks indexes). */
const blockedAround = (viewer: SQL) => sql`array(
    select b.blocked_id from ${blocks} b where b.blocker_id = ${viewer}
    union all select b.blocker_id from ${blocks} b where b.blocked_id = ${viewer})`;

/**
 * The usernames among `mentioned` (a subquery of user ids) that `viewer` may see: active, approved, not blocked
 * either way. The rest of the text shows any other @name as plain text, so a mention reveals nobody.
 */
const mentionedNames = (mentioned: SQL, viewer: SQL) => sql`array(
    select mu.username from ${profiles} mu where mu.id in (${mentioned}) and mu.username is not null
      and ${approvedMemberSql(sql`mu`)} and mu.id <> all(${blockedAround(viewer)}) order by mu.username)`;

/**
 * SQL true when member `m` (a profiles alias) may be mentioned in post `p` by `author` (of the post, or of a comment
 * on it): an approved, active member other than the author, not blocked either way with them, who may open the post
 * (member-wide: every approved member; a public community: the same; a private one: its active members and admins;
 * never across a block with the post's own author, whose post is gone for them; a hidden post: no one), so a mention
 * never leads to a post that reads "not found".
 */
const mentionableIn = (m: SQL, author: SQL) => sql`(${approvedMemberSql(m)} and ${m}.id <> ${author}
    and not ${blockedBetween(sql`${m}.id`, author)}
    and not ${blockedBetween(sql`${m}.id`, sql`p.author_id`)}
    and p.hidden_at is null
    and (p.community_id is null
      or exists (select 1 from ${communities} pc where pc.id = p.community_id and pc.visibility = 'public')
      or exists (select 1 from ${communityMembers} pcm where pcm.community_id = p.community_id and pcm.user_id = ${m}.id and pcm.status = 'active')
      or exists (select 1 from ${userRoles} pr where pr.user_id = ${m}.id and pr.role = 'admin')))`;

const newlyMentioned = z.object({ user_id: z.string() });

/**
 * Record the members a post mentions (`usernames`, lowercase) who may be mentioned (mentionableIn). Answers only
 * the members recorded now: one already mentioned (an edit that keeps their name) is not notified again.
 */
export async function recordPostMentions(tx: DbOrTx, postId: string, authorId: string, usernames: string[]): Promise<string[]> {
  if (!usernames.length) return [];
  const rows = rowsOf(
    await tx.execute(sql`
      insert into ${postMentions} (post_id, user_id)
      select p.id, m.id from ${posts} p join ${profiles} m on m.username = any(${textArray(usernames)})
      where p.id = ${postId}::uuid and ${mentionableIn(sql`m`, sql`${authorId}::uuid`)}
      on conflict do nothing
      returning user_id`),
    newlyMentioned,
  );
  return rows.map((r) => r.user_id);
}

/** The same for a comment (the post it is on decides who may open it). */
export async function recordCommentMentions(tx: DbOrTx, commentId: string, authorId: string, usernames: string[]): Promise<string[]> {
  if (!usernames.length) return [];
  const rows = rowsOf(
    await tx.execute(sql`
      insert into ${commentMentions} (comment_id, user_id)
      select x.id, m.id from ${postComments} x join ${posts} p on p.id = x.post_id
        join ${profiles} m on m.username = any(${textArray(usernames)})
      where x.id = ${commentId}::uuid and ${mentionableIn(sql`m`, sql`${authorId}::uuid`)}
      on conflict do nothing
      returning user_id`),
    newlyMentioned,
  );
  return rows.map((r) => r.user_id);
}

const candidateRow = z.object({ member: memberJsonSchema });

/**
 * Members the composer suggests for `@prefix`: approved, active, not blocked either way with the author, not the
 * author; in a private community only its active members (and admins), who can open the post. Usernames are
 * stored lowercase; the prefix is served by profiles_username_trgm_idx (a btree cannot serve LIKE under a
 * non-C collation such as C.UTF-8). One statement.
 */
export async function mentionCandidates(
  db: DbOrTx,
  authorId: string,
  prefix: string,
  privateCommunityId: string | null,
  limit: number,
  /** On a post (a comment's mentions): its author, whose post is gone for members blocked with them. */
  postAuthorId: string | null = null,
) {
  const v = sql`${authorId}::uuid`;
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const inCommunity = privateCommunityId
    ? sql`and (exists (select 1 from ${communityMembers} cm where cm.community_id = ${privateCommunityId}::uuid and cm.user_id = m.id and cm.status = 'active')
        or exists (select 1 from ${userRoles} r where r.user_id = m.id and r.role = 'admin'))`
    : sql``;
  return rowsOf(
    await db.execute(sql`
      select ${memberJson(sql`m`)} as member from ${profiles} m
      where m.username like ${pattern} and m.id <> ${v} and ${approvedMemberSql(sql`m`)}
        and m.id <> all(${blockedAround(v)}) ${inCommunity}
        ${postAuthorId && postAuthorId !== authorId ? sql`and m.id <> all(${blockedAround(sql`${postAuthorId}::uuid`)})` : sql``}
      order by m.username
      limit ${limit}`),
    candidateRow,
  ).map((r) => r.member);
}

/**
 * The columns of a page, for the candidate ids in `candidates` (a subquery of `id`s, at most limit + 1): one
 * statement with the authors' cards, community names, the reader's membership and liked_by_me (primary-key
 * lookups), whatever the page's size.
 */
/**
 * The like and comment counts of post `p` (an alias of posts) as `viewer` sees them: the stored totals less the likes
 * and comments of members blocked with the viewer either way and of deactivated members (issue 21). The stored
 * totals count everyone, and a count that moved when a blocked member liked showed they were active; the comments
 * list hides the same authors, so the count equals what the reader can open. `hidden` is the `ids` of hiddenFrom,
 * joined once per statement (per recipient for the live event); the lookups are primary-key and index probes.
 * Every count a reader gets goes through here: a page, the answer to a like, the live `post:counts`.
 */
/** The members whose likes and comments `viewer` does not see (countsSeenBy), as a one-row `ids` subquery to join. */
const hiddenFrom = (viewer: SQL) =>
  sql`(select ${blockedAround(viewer)} || array(select d.id from ${profiles} d where d.is_deactivated) as ids)`;

const countsSeenBy = (hidden: SQL) => {
  // Most readers have nobody hidden: then the stored totals are the answer, and no subquery runs. Comments: those of
  // hidden members, and the replies of anyone under a hidden member's comment (the list shows neither: a reply is
  // reached through its comment); post_comments_author_post_idx probes.
  const nobodyHidden = sql`cardinality(${hidden}) = 0`;
  return sql`case when ${nobodyHidden} then p.like_count
        else p.like_count - (select count(*)::int from ${postLikes} bl where bl.post_id = p.id and bl.user_id = any(${hidden})) end as like_count,
      case when ${nobodyHidden} then p.comment_count
        else p.comment_count - (select count(*)::int from ${postComments} bc where bc.post_id = p.id and bc.author_id = any(${hidden}))
          - (select count(*)::int from ${postComments} hc join ${postComments} hr on hr.parent_id = hc.id
              where hc.post_id = p.id and hc.parent_id is null and hc.author_id = any(${hidden}) and hr.author_id <> all(${hidden})) end as comment_count`;
};

function hydrate(candidates: SQL, viewer: SQL, order: SQL = newestFirst) {
  return sql`
    select p.id, p.author_id, p.community_id, p.content, p.image_keys, p.image_sizes, ${countsSeenBy(sql`h.ids`)},
      p.report_count, (p.hidden_at is not null) as hidden, p.created_at, ${exactInstant(sql`p.created_at`)} as cursor_at, p.edited_at,
      a.full_name, a.username, a.profile_picture_url, a.is_verified, a.age, a.city,
      c.name as community_name, c.url_slug as community_slug, c.visibility as community_visibility,
      m.status as my_status, m.role as my_role,
      exists (select 1 from ${postLikes} l where l.post_id = p.id and l.user_id = ${viewer}) as liked_by_me,
      ${mentionedNames(sql`select pm.user_id from ${postMentions} pm where pm.post_id = p.id`, viewer)} as mentions
    from (${candidates}) k
    cross join ${hiddenFrom(viewer)} h
    join ${posts} p on p.id = k.id
    join ${profiles} a on a.id = p.author_id
    left join ${communities} c on c.id = p.community_id
    left join ${communityMembers} m on m.community_id = p.community_id and m.user_id = ${viewer}
    order by ${order}`;
}

/**
 * The Home feed: posts of the reader's active communities plus the member-wide feed, newest first, keyset on
 * (created_at, id) with exact microseconds. One statement (feedSql).
 *
 * Shape: one LATERAL index scan per community the reader belongs to (posts_community_created_idx), each stopping
 * after limit + 1 visible posts, plus one scan of posts_member_feed_idx, merged and cut to limit + 1. The other
 * shape, one walk down a (created_at, id) index of all posts filtered by membership (feedSqlSingleWalk), reads the
 * posts of every community the reader is NOT in until a page is full. Measured with bench/feed-explain.ts (200,000
 * posts, 10,000 members, 200 communities; median server time of 20-post pages, first / deep):
 *
 *   reader in        PostgreSQL 15 (generic plans)      PGlite
 *                    lateral        single walk          lateral       single walk
 *   1 community      0.26 / 0.22    81 / 33 ms           0.86 / 0.53   1.4 / 1.5 ms
 *   3 communities    0.41 / 0.36    68 / 29 ms           0.81 / 0.96   1.1 / 1.2 ms
 *   3 quiet ones     0.37 / 0.43    68 / 33 ms           0.99 / 0.69   4.9 / 2.4 ms
 *   20 communities   1.6 / 1.4      80 / 35 ms           3.0 / 2.7     0.6 / 0.7 ms
 *   100 communities  14 / 11        83 / 34 ms           11 / 19       0.5 / 0.5 ms
 *
 * The LATERAL shape wins everywhere on PostgreSQL and for the members we expect (a handful of communities) on
 * PGlite too; only PGlite readers of 20+ communities would prefer the walk, and they still get a page in a few ms.
 * So: LATERAL, and no (created_at, id) index of all posts to maintain.
 */
export async function feedPage(db: DbOrTx, reader: Reader, cursor: TimeCursor | null, limit: number): Promise<PostRow[]> {
  return rowsOf(await db.execute(feedSql(reader, cursor, limit)), postRow);
}

/** The feed statement (exported for bench/feed-explain.ts, which compares it with the single-walk shape). */
export function feedSql(reader: Reader, cursor: TimeCursor | null, limit: number): SQL {
  const v = sql`${reader.userId}::uuid`;
  const n = limit + 1;
  const candidates = sql`
    select x.id from (
      select q.id, q.created_at from (
        select m.community_id, (m.role in ('creator', 'moderator') or ${reader.admin}::boolean) as staff
        from ${communityMembers} m where m.user_id = ${v} and m.status = 'active'
      ) my
      cross join lateral (
        select p.id, p.created_at from ${posts} p
        where p.community_id = my.community_id ${keysetBefore(cursor)} and ${visibleTo(v, sql`my.staff`)}
        order by ${newestFirst}
        limit ${n}
      ) q
      union all
      (select p.id, p.created_at from ${posts} p
        where p.community_id is null ${keysetBefore(cursor)} and ${visibleTo(v, sql`${reader.platformModerator}::boolean`)}
        order by ${newestFirst}
        limit ${n})
    ) x
    order by x.created_at desc, x.id desc
    limit ${n}`;
  return hydrate(candidates, v);
}

/**
 * The shape the feed does NOT use, kept for the comparison in bench/feed-explain.ts: one walk down a
 * (created_at, id) index of all posts, filtered by the reader's memberships.
 */
export function feedSqlSingleWalk(reader: Reader, cursor: TimeCursor | null, limit: number): SQL {
  const v = sql`${reader.userId}::uuid`;
  const candidates = sql`
    select p.id from ${posts} p
    left join ${communityMembers} my on my.community_id = p.community_id and my.user_id = ${v} and my.status = 'active'
    where (p.community_id is null or my.user_id is not null) ${keysetBefore(cursor)}
      and ${visibleTo(v, sql`(my.role in ('creator', 'moderator') or ${reader.admin}::boolean or (p.community_id is null and ${reader.platformModerator}::boolean))`)}
    order by ${newestFirst}
    limit ${limit + 1}`;
  return hydrate(candidates, v);
}

/** A community's posts (the caller checked that the reader reads it), newest first; `reported`: the mod queue. */
export async function communityPage(
  db: DbOrTx,
  reader: Reader,
  communityId: string | null,
  opts: { cursor: TimeCursor | null; limit: number; staff: boolean; reported?: boolean },
): Promise<PostRow[]> {
  const v = sql`${reader.userId}::uuid`;
  const where = communityId === null ? sql`p.community_id is null` : sql`p.community_id = ${communityId}::uuid`;
  const candidates = sql`
    select p.id from ${posts} p
    where ${where} ${opts.reported ? sql`and p.report_count > 0` : sql``} ${keysetBefore(opts.cursor)}
      and ${visibleTo(v, sql`${opts.staff}::boolean`)}
    order by ${newestFirst}
    limit ${opts.limit + 1}`;
  return rowsOf(await db.execute(hydrate(candidates, v)), postRow);
}

const foundPost = postRow.extend({ gone: z.boolean() });
export type FoundPost = z.output<typeof foundPost>;

/**
 * One post by id with everything its view needs, and `gone` (author deactivated or blocked either way) for
 * postPermissions; null when it does not exist. One statement.
 */
export async function findPost(db: DbOrTx, viewerId: string, postId: string): Promise<FoundPost | null> {
  const v = sql`${viewerId}::uuid`;
  const [row] = rowsOf(
    await db.execute(sql`
      select h.*, (au.is_deactivated or ${blockedBetween(sql`h.author_id`, v)}) as gone
      from (${hydrate(sql`select ${postId}::uuid as id`, v)}) h
      join ${profiles} au on au.id = h.author_id`),
    foundPost,
  );
  return row ?? null;
}

/** The viewer's membership of a community and the community's visibility (null: no such community). */
export async function communityAccess(
  db: DbOrTx,
  communityId: string,
  viewerId: string,
): Promise<{ visibility: CommunityVisibility; status: MembershipStatus | null; role: CommunityMemberRole | null } | null> {
  const [row] = await db
    .select({ visibility: communities.visibility, status: communityMembers.status, role: communityMembers.role })
    .from(communities)
    .leftJoin(communityMembers, and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, viewerId)))
    .where(eq(communities.id, communityId));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Writes

const uploadRow = z.object(columnsOf(postImages, 'storage_key', 'width', 'height'));

/**
 * Claim the author's unclaimed uploads for a new post: all of `keys` or nothing (null). The rows stay locked until
 * the transaction ends, so two posts racing for one upload cannot both have it, nor can the sweep delete it.
 */
export async function lockUnclaimedImages(tx: DbOrTx, uploaderId: string, keys: string[]) {
  if (!keys.length) return [];
  const rows = rowsOf(
    await tx.execute(sql`
      select storage_key, width, height from ${postImages}
      where storage_key = any(${textArray(keys)}) and uploader_id = ${uploaderId}::uuid and post_id is null
      for update`),
    uploadRow,
  );
  if (rows.length !== keys.length) return null;
  const byKey = new Map(rows.map((r) => [r.storage_key, r]));
  return keys.map((k) => byKey.get(k)!);
}

export async function insertPost(
  tx: DbOrTx,
  p: { authorId: string; communityId: string | null; content: string; imageKeys: string[]; imageSizes: string[] },
): Promise<string> {
  const [row] = await tx
    .insert(posts)
    .values({ authorId: p.authorId, communityId: p.communityId, content: p.content, imageKeys: p.imageKeys, imageSizes: p.imageSizes })
    .returning({ id: posts.id });
  const id = row!.id;
  if (p.imageKeys.length) {
    await tx.execute(sql`update ${postImages} set post_id = ${id}::uuid where storage_key = any(${textArray(p.imageKeys)}) and post_id is null`);
  }
  if (p.communityId) await tx.execute(sql`update ${communities} set post_count = post_count + 1 where id = ${p.communityId}::uuid`);
  return id;
}

export async function updatePostContent(tx: DbOrTx, postId: string, content: string) {
  await tx.execute(sql`update ${posts} set content = ${content}, edited_at = now() where id = ${postId}::uuid`);
}

/** Delete a post (likes, comments and reports go with it); answers its image keys, or null when it was gone. */
export async function deletePost(tx: DbOrTx, postId: string): Promise<{ imageKeys: string[] } | null> {
  // The upload rows first: the post's deletion would set their post_id to null (and leave them to the sweep).
  const images = await tx.delete(postImages).where(eq(postImages.postId, postId)).returning({ key: postImages.storageKey });
  const [row] = await tx.delete(posts).where(eq(posts.id, postId)).returning({ communityId: posts.communityId });
  if (!row) return null;
  if (row.communityId) {
    await tx.execute(sql`update ${communities} set post_count = greatest(post_count - 1, 0) where id = ${row.communityId}::uuid`);
  }
  return { imageKeys: images.map((r) => r.key) };
}

/**
 * Like: the primary key decides (a double click or a race inserts once); the count moves only when a row was
 * inserted, in the same transaction, under the post's row lock. Answers whether this call liked and the count.
 */
/**
 * The member likes the post once, in one statement (issue 25: it took two, and a third for the announcement): the
 * like, the stored total moved by one and `announcement` (a bus event) only when the like is new; the counts the
 * liker sees either way (exact under concurrent likes: see `unchanged`). The counts leave out hidden members' likes, never the liker's own, so reading post_likes
 * in the statement's snapshot (without the new like) gives the same answer as reading it after the insert.
 */
export async function like(tx: DbOrTx, postId: string, userId: string, announcement: SQL) {
  const seen = countsSeenBy(sql`h.ids`);
  const hidden = hiddenFrom(sql`${userId}::uuid`);
  const [row] = rowsOf(
    await tx.execute(sql`
      with liked as (
        insert into ${postLikes} (post_id, user_id) values (${postId}, ${userId}) on conflict do nothing returning post_id
      ),
      counted as (
        update ${posts} p set like_count = p.like_count + 1 from ${hidden} h
        where p.id = ${postId}::uuid and exists (select 1 from liked)
        returning p.like_count as stored_likes, ${seen}
      ),
      -- Already liked: the like may have been written by a concurrent request this statement waited for; FOR SHARE
      -- reads the post as that one committed it (the statement's snapshot predates it).
      unchanged as (
        select p.like_count as stored_likes, ${seen}
        from ${posts} p cross join ${hidden} h where p.id = ${postId}::uuid and not exists (select 1 from liked)
        for share of p
      )
      select stored_likes, like_count, comment_count, true as inserted, ${announcement} is not null as announced from counted
      union all
      select stored_likes, like_count, comment_count, false as inserted, false as announced from unchanged`),
    likedRow,
  );
  return { inserted: !!row?.inserted, storedLikeCount: row?.stored_likes ?? 0, likeCount: row?.like_count ?? 0 };
}

export async function unlike(tx: DbOrTx, postId: string, userId: string) {
  const deleted = await tx
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .returning({ postId: postLikes.postId });
  return countsAfter(tx, postId, userId, deleted.length ? -1 : 0);
}

const likedCountsRow = z.object({ stored_likes: z.number().int(), like_count: z.number().int(), comment_count: z.number().int() });
const likedRow = likedCountsRow.extend({ inserted: z.boolean(), announced: z.boolean() });

/**
 * The post's like count moved by `delta`: answers the stored total (the author's "N people liked" notice) and the
 * counts the liker sees (countsSeenBy), one statement.
 */
async function countsAfter(tx: DbOrTx, postId: string, viewerId: string, delta: number) {
  const seen = countsSeenBy(sql`h.ids`);
  const hidden = hiddenFrom(sql`${viewerId}::uuid`);
  const [row] = rowsOf(
    await tx.execute(
      delta
        ? sql`update ${posts} p set like_count = p.like_count + ${delta}::int from ${hidden} h where p.id = ${postId}::uuid
            returning p.like_count as stored_likes, ${seen}`
        : sql`select p.like_count as stored_likes, ${seen} from ${posts} p cross join ${hidden} h where p.id = ${postId}::uuid`,
    ),
    likedCountsRow,
  );
  return { inserted: delta !== 0, storedLikeCount: row?.stored_likes ?? 0, likeCount: row?.like_count ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Comments

/** A comment with its author's card (commentColumns); top-level comments also count their visible replies. */
const commentRow = z.object({
  ...columnsOf(postComments, 'id', 'post_id', 'parent_id', 'author_id', 'content', 'created_at', 'edited_at'),
  cursor_at: z.string(),
  ...authorCard,
  mentions: textList(),
});
const topLevelCommentRow = commentRow.extend({ reply_count: z.number().int() });
const foundComment = commentRow.extend({ gone: z.boolean() });
export type CommentRow = z.output<typeof commentRow> & { reply_count?: number };

const commentColumns = (v: SQL) => sql`x.id, x.post_id, x.parent_id, x.author_id, x.content, x.created_at, ${exactInstant(sql`x.created_at`)} as cursor_at,
  x.edited_at, a.full_name, a.username, a.profile_picture_url, a.is_verified, a.age, a.city,
  ${mentionedNames(sql`select cm.user_id from ${commentMentions} cm where cm.comment_id = x.id`, v)} as mentions`;
const commentVisible = (v: SQL) => sql`a.is_deactivated = false and x.author_id <> all(${blockedAround(v)})`;
const keysetAfter = (cursor: TimeCursor | null) =>
  cursor ? sql`and (x.created_at, x.id) > (${cursor.c}::timestamptz, ${cursor.i}::uuid)` : sql``;

/** Top-level comments of a post, oldest first, each with its count of visible replies. */
export async function topLevelComments(db: DbOrTx, viewerId: string, postId: string, cursor: TimeCursor | null, limit: number) {
  const v = sql`${viewerId}::uuid`;
  return rowsOf(
    await db.execute(sql`
      select ${commentColumns(v)},
        (select count(*)::int from ${postComments} r join ${profiles} ra on ra.id = r.author_id
          where r.parent_id = x.id and ra.is_deactivated = false and r.author_id <> all(${blockedAround(v)})) as reply_count
      from ${postComments} x join ${profiles} a on a.id = x.author_id
      where x.post_id = ${postId}::uuid and x.parent_id is null ${keysetAfter(cursor)} and ${commentVisible(v)}
      order by x.created_at, x.id
      limit ${limit + 1}`),
    topLevelCommentRow,
  );
}

/** The first `perParent` visible replies of each of `parentIds` (oldest first): one statement for a page. */
export async function firstReplies(db: DbOrTx, viewerId: string, parentIds: string[], perParent: number) {
  if (!parentIds.length) return [];
  const v = sql`${viewerId}::uuid`;
  return rowsOf(
    await db.execute(sql`
      select r.* from unnest(${sql`${`{${parentIds.join(',')}}`}::uuid[]`}) as t(parent_id)
      cross join lateral (
        select ${commentColumns(v)} from ${postComments} x join ${profiles} a on a.id = x.author_id
        where x.parent_id = t.parent_id and ${commentVisible(v)}
        order by x.created_at, x.id
        limit ${perParent}
      ) r`),
    commentRow,
  );
}

/** Replies of one comment, oldest first, keyset paged. */
export async function replies(db: DbOrTx, viewerId: string, parentId: string, cursor: TimeCursor | null, limit: number) {
  const v = sql`${viewerId}::uuid`;
  return rowsOf(
    await db.execute(sql`
      select ${commentColumns(v)} from ${postComments} x join ${profiles} a on a.id = x.author_id
      where x.parent_id = ${parentId}::uuid ${keysetAfter(cursor)} and ${commentVisible(v)}
      order by x.created_at, x.id
      limit ${limit + 1}`),
    commentRow,
  );
}

/** A comment with its author's state towards the viewer (gone: deactivated or blocked either way). */
export async function findComment(db: DbOrTx, viewerId: string, commentId: string) {
  const v = sql`${viewerId}::uuid`;
  const [row] = rowsOf(
    await db.execute(sql`
      select ${commentColumns(v)}, (a.is_deactivated or ${blockedBetween(sql`x.author_id`, v)}) as gone
      from ${postComments} x join ${profiles} a on a.id = x.author_id
      where x.id = ${commentId}::uuid`),
    foundComment,
  );
  return row ?? null;
}

/**
 * A comment, the post's stored count moved by one and `announcements` (bus events, which carry the comment's `id`
 * chosen by the caller) in one statement (issue 25: it took four), which answers the comment as its author reads it
 * (mentions are recorded after it: none yet).
 */
export async function insertComment(
  tx: DbOrTx,
  c: { id: string; postId: string; authorId: string; parentId: string | null; content: string },
  announcements: SQL[],
): Promise<CommentRow> {
  const announced = announcements.length ? sql.join(announcements.map((a) => sql`${a} is not null`), sql` and `) : sql`true`;
  const [row] = rowsOf(
    await tx.execute(sql`
      with x as (
        insert into ${postComments} (id, post_id, author_id, parent_id, content)
        values (${c.id}, ${c.postId}, ${c.authorId}, ${c.parentId}, ${c.content}) returning *
      ),
      counted as (update ${posts} set comment_count = comment_count + 1 where id = ${c.postId}::uuid)
      select ${commentColumns(sql`${c.authorId}::uuid`)}, ${announced} as announced
      from x join ${profiles} a on a.id = x.author_id`),
    commentRow.extend({ announced: z.boolean() }),
  );
  return row!;
}

export async function updateCommentContent(tx: DbOrTx, commentId: string, content: string) {
  await tx.execute(sql`update ${postComments} set content = ${content}, edited_at = now() where id = ${commentId}::uuid`);
}

/** Delete a comment and its replies; the post's count drops by all of them. */
export async function deleteComment(tx: DbOrTx, commentId: string, postId: string) {
  await tx.execute(sql`
    with gone as (delete from ${postComments} where id = ${commentId}::uuid or parent_id = ${commentId}::uuid returning id)
    update ${posts} set comment_count = greatest(comment_count - (select count(*)::int from gone), 0)
    where id = ${postId}::uuid`);
}

// ---------------------------------------------------------------------------------------------
// Reports

const reportIdRow = z.object(columnsOf(reports, 'id'));

/** A member's report of a post or a comment; null when they reported it already (one report per member and target). */
export async function insertContentReport(
  tx: DbOrTx,
  r: {
    reporterId: string;
    target: { postId: string } | { commentId: string };
    authorId: string;
    communityId: string | null;
    reason: string;
    details: string | null;
  },
): Promise<string | null> {
  // The column is one of two literals, never input; its partial unique index settles a double report.
  const [column, id] = 'postId' in r.target ? [sql.raw('post_id'), r.target.postId] : [sql.raw('comment_id'), r.target.commentId];
  const [row] = rowsOf(
    await tx.execute(sql`
      insert into ${reports} (reporter_id, reported_user_id, reason, details, ${column}, community_id)
      values (${r.reporterId}::uuid, ${r.authorId}::uuid, ${r.reason}, ${r.details}, ${id}::uuid, ${r.communityId}::uuid)
      on conflict (reporter_id, ${column}) where ${column} is not null do nothing
      returning id`),
    reportIdRow,
  );
  return row?.id ?? null;
}

const hiddenNowRow = z.object({ hidden_now: z.boolean() });

/**
 * One more distinct open reporter: the count moves under the post's row lock (a plain increment, so racing
 * reporters each count), and the post is hidden when it reaches `threshold`. Answers whether this report hid it.
 */
export async function countReport(tx: DbOrTx, postId: string, threshold: number): Promise<{ hiddenNow: boolean }> {
  const [row] = rowsOf(
    await tx.execute(sql`
      update ${posts} p set report_count = p.report_count + 1,
        hidden_at = case when p.hidden_at is null and p.report_count + 1 >= ${threshold}::int then now() else p.hidden_at end
      from (select hidden_at as before from ${posts} where id = ${postId}::uuid) o
      where p.id = ${postId}::uuid
      returning (o.before is null and p.hidden_at is not null) as hidden_now`),
    hiddenNowRow,
  );
  return { hiddenNow: row?.hidden_now === true };
}

/** A moderator's review: the post is shown again and its open reports are closed. */
export async function restorePost(tx: DbOrTx, postId: string) {
  await tx.execute(sql`update ${posts} set hidden_at = null, report_count = 0 where id = ${postId}::uuid`);
  await tx.execute(sql`update ${reports} set status = 'reviewed' where post_id = ${postId}::uuid and status = 'open'`);
}

// ---------------------------------------------------------------------------------------------
// Uploads

export async function insertPostImage(db: DbOrTx, row: { storageKey: string; uploaderId: string; width: number; height: number }) {
  await db.insert(postImages).values(row);
}

const storageKeyRow = z.object(columnsOf(postImages, 'storage_key'));

/**
 * Delete up to `limit` uploads older than `cutoff` never claimed by a post; answers their keys (the caller
 * schedules the files' deletion in the same transaction). Rows a post is claiming right now are skipped.
 */
export async function deleteUnclaimedImages(tx: DbOrTx, cutoff: Date, limit: number): Promise<string[]> {
  const rows = rowsOf(
    await tx.execute(sql`
      delete from ${postImages} where storage_key in (
        select storage_key from ${postImages} where post_id is null and created_at < ${cutoff.toISOString()}::timestamptz
        limit ${limit} for update skip locked
      ) and post_id is null
      returning storage_key`),
    storageKeyRow,
  );
  return rows.map((r) => r.storage_key);
}

/** Who may see a post image (canReadPostImage): its upload row and, once claimed, its post. */
export interface PostImageAccess {
  uploaderId: string;
  post: {
    authorId: string;
    communityId: string | null;
    visibility: CommunityVisibility | null;
    hidden: boolean;
    /** The author is deactivated or a block stands between author and reader. */
    gone: boolean;
  } | null;
  membership: { status: MembershipStatus; role: CommunityMemberRole } | null;
}

/**
 * The upload row of a post image (by its large-variant key), its post, the post's community and the reader's
 * membership of it, and whether author and reader are blocked either way: one query by primary keys.
 */
export async function findPostImageAccess(db: DbOrTx, largeKey: string, readerId: string): Promise<PostImageAccess | null> {
  const reader = sql`${readerId}::uuid`;
  const [row] = await db
    .select({
      uploaderId: postImages.uploaderId,
      authorId: posts.authorId,
      communityId: posts.communityId,
      visibility: communities.visibility,
      hidden: sql<boolean>`${posts.hiddenAt} is not null`,
      gone: sql<boolean>`(select p.is_deactivated from ${profiles} p where p.id = ${posts.authorId})
        or exists (select 1 from ${blocks} b where (b.blocker_id = ${posts.authorId} and b.blocked_id = ${reader})
          or (b.blocker_id = ${reader} and b.blocked_id = ${posts.authorId}))`,
      status: communityMembers.status,
      role: communityMembers.role,
    })
    .from(postImages)
    .leftJoin(posts, eq(posts.id, postImages.postId))
    .leftJoin(communities, eq(communities.id, posts.communityId))
    .leftJoin(communityMembers, sql`${communityMembers.communityId} = ${posts.communityId} and ${communityMembers.userId} = ${reader}`)
    .where(eq(postImages.storageKey, largeKey))
    .limit(1);
  if (!row) return null;
  return {
    uploaderId: row.uploaderId,
    post: row.authorId
      ? { authorId: row.authorId, communityId: row.communityId, visibility: row.visibility, hidden: row.hidden === true, gone: row.gone === true }
      : null,
    membership: row.status && row.role ? { status: row.status, role: row.role } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Socket fan-out

const approved = (pr: SQL) => sql`(${pr}.is_deactivated = false and (${pr}.account_type = 'full_platform'
  or (${pr}.account_type = 'community_only' and coalesce(${pr}.application_status, 'approved') not in ('pending', 'rejected'))))`;
const isAdminSql = (id: SQL) => sql`exists (select 1 from ${userRoles} ur where ur.user_id = ${id} and ur.role = 'admin')`;
const isPlatformModSql = (id: SQL) => sql`exists (select 1 from ${userRoles} ur where ur.user_id = ${id} and ur.role in ('admin', 'moderator'))`;

const recipientRow = z.object(columnsOf(profiles, 'id'));

type RecipientsOf = { kind: 'home' | 'readers' | 'removed'; postId: string; communityId: string | null; authorId: string; hidden?: boolean; alsoUnblocked?: string };

/**
 * Which of `local` (the members with a socket on this process) get an event about a post: one statement.
 * - home: whose Home feed shows a new post (active members of its community; every approved member for
 *   member-wide posts);
 * - readers: who may read it now (postPermissions: readers of its community, hidden posts only for the author
 *   and moderators);
 * - removed: who could read it before it was deleted or hidden (a hidden post stays with its author and
 *   moderators, who are left out).
 * Never across a block with the post's author, nor with `alsoUnblocked` (a commenter), nor deactivated members.
 */
export async function postRecipients(db: DbOrTx, local: string[], e: RecipientsOf): Promise<string[]> {
  if (!local.length) return [];
  return rowsOf(await db.execute(recipientsQuery(local, e)), recipientRow).map((r) => r.id);
}

const countsRecipientRow = recipientRow.extend({ like_count: z.number().int(), comment_count: z.number().int() });

/**
 * The readers among `local` of post `postId` (postRecipients' readers, never across a block with `actorId`), each with
 * the like and comment counts they see (countsSeenBy): the live `post:counts` is per reader. One statement.
 */
export async function postCountsRecipients(db: DbOrTx, local: string[], e: Omit<RecipientsOf, 'kind' | 'hidden'>) {
  if (!local.length) return [];
  const counts = { columns: countsSeenBy(sql`h.ids`), join: sql`cross join lateral ${hiddenFrom(sql`pr.id`)} h` };
  return rowsOf(await db.execute(recipientsQuery(local, { ...e, kind: 'readers' }, counts)), countsRecipientRow);
}

function recipientsQuery(local: string[], e: RecipientsOf, extra?: { columns: SQL; join: SQL }): SQL {
  const columns = extra ? sql`pr.id, ${extra.columns}` : sql`pr.id`;
  const join = extra?.join ?? sql``;
  const ids = sql`${`{${local.join(',')}}`}::uuid[]`;
  const author = sql`${e.authorId}::uuid`;
  const base = sql`pr.id = any(${ids}) and ${approved(sql`pr`)} and not ${blockedBetween(sql`pr.id`, author)}
    ${e.alsoUnblocked ? sql`and not ${blockedBetween(sql`pr.id`, sql`${e.alsoUnblocked}::uuid`)}` : sql``}`;
  let query: SQL;
  if (e.communityId === null) {
    const staff = isPlatformModSql(sql`pr.id`);
    const hiddenRule =
      e.kind === 'readers' ? sql`and (p.hidden_at is null or pr.id = p.author_id or ${staff})` : e.kind === 'removed' && e.hidden ? sql`and pr.id <> ${author} and not ${staff}` : sql``;
    query = sql`select ${columns} from ${profiles} pr ${join} ${e.kind === 'readers' ? sql`join ${posts} p on p.id = ${e.postId}::uuid` : sql``}
      where ${base} ${hiddenRule}`;
  } else {
    const c = sql`${e.communityId}::uuid`;
    const staff = sql`((m.status = 'active' and m.role in ('creator', 'moderator')) or ${isAdminSql(sql`pr.id`)})`;
    const reads =
      e.kind === 'home'
        ? sql`m.status = 'active'`
        : sql`(cm.visibility = 'public' or m.status = 'active' or ${isAdminSql(sql`pr.id`)})`;
    const hiddenRule =
      e.kind === 'readers' ? sql`and (p.hidden_at is null or pr.id = p.author_id or ${staff})` : e.kind === 'removed' && e.hidden ? sql`and pr.id <> ${author} and not ${staff}` : sql``;
    query = sql`select ${columns} from ${profiles} pr ${join}
      join ${communities} cm on cm.id = ${c}
      ${e.kind === 'readers' ? sql`join ${posts} p on p.id = ${e.postId}::uuid` : sql``}
      left join ${communityMembers} m on m.community_id = ${c} and m.user_id = pr.id
      where ${base} and ${reads} ${hiddenRule}`;
  }
  return query;
}
