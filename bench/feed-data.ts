// The Home feed at scale for `npm run bench:http` (issue 10): 10,000 members, 200 communities, 200,000 posts with likes
// and comments, written in a few set-based statements (generate_series) while the app is stopped. Writing this much
// through the API would take hours; what the feed reads (posts, memberships, counts on the row, likes, profiles) is
// the same whoever wrote it. The reader of the bench world (created through the API) is made an active member of
// READER_COMMUNITIES communities, like a member who joined a handful.
//
// Shapes, all deterministic:
// - member i (0..9,999): bench-member-i, full_platform, approved; a few deactivated (every 997th) so the feed's
//   filter has something to drop;
// - community c (0..199): public (every 10th private), open; creator member c; members: every member i is active in
//   the 5 communities (7i + 37k) mod 200, k = 0..4 (about 250 members each);
// - post n (0..199,999): every 20th is member-wide (community_id null), the rest in community n mod 200 by one of its
//   members; newest first every 13 s back from now, and every 50th post shares its neighbour's exact timestamp (ties
//   the keyset must order by id); 8 to 24 words that read like members' posts (search-data.ts postContentSql:
//   global search measures them); every 5th has one image; 0-4 likes and 0-2 comments, counts kept on the row as
//   the app keeps them.
import { postContentSql } from './search-data.js';

/** BENCH_POSTS changes the number of posts (global search is measured at 100,000 and 1,000,000). */
export const FEED_SCALE = { members: 10_000, communities: 200, posts: Number(process.env.BENCH_POSTS ?? 200_000) } as const;
/** How many communities the bench reader is an active member of. */
export const READER_COMMUNITIES = 5;

/** Statements to run in order against a migrated database (PGlite or PostgreSQL). */
export function feedDataStatements(readerId: string): string[] {
  const { members, communities, posts } = FEED_SCALE;
  return [
    // Ids from names, so statements can refer to rows they did not insert; shaped as version 4 UUIDs (the API's
    // schemas accept only RFC 9562 UUIDs, and md5 alone sets arbitrary version and variant bits).
    `CREATE FUNCTION pg_temp.bench_uuid(name text) RETURNS uuid LANGUAGE sql IMMUTABLE
     AS $$ SELECT overlay(overlay(md5(name) placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid $$`,
    `INSERT INTO users (id, name, email, email_verified)
     SELECT pg_temp.bench_uuid('bench-member-' || i), 'Bench Member ' || i, 'bench-member-' || i || '@bench.invalid', true
     FROM generate_series(0, ${members - 1}) i`,
    `INSERT INTO profiles (id, account_type, application_status, username, full_name, email, city, age, interests,
       is_deactivated, is_verified, profile_picture_url)
     SELECT pg_temp.bench_uuid('bench-member-' || i), 'full_platform', 'approved', 'benchmember' || i, 'Bench Member ' || i,
       'bench-member-' || i || '@bench.invalid',
       (ARRAY['tampa','st_pete','clearwater','brandon','sarasota','lakeland'])[1 + i % 6], 20 + i % 50,
       ARRAY['Coffee','Running'], i % 997 = 5, i % 9 = 0,
       CASE WHEN i % 3 = 0 THEN 'profile-pictures/bench/' || i || '/profile.webp' END
     FROM generate_series(0, ${members - 1}) i`,
    `INSERT INTO communities (id, name, url_slug, description, visibility, join_policy, city, interests, created_by,
       cover_image_key)
     SELECT pg_temp.bench_uuid('bench-community-' || c), 'Bench Community ' || c, 'bench-community-' || c,
       'A community of the feed benchmark, number ' || c || '.', CASE WHEN c % 10 = 9 THEN 'private' ELSE 'public' END,
       'open', (ARRAY['tampa','st_pete','clearwater','brandon','sarasota','lakeland'])[1 + c % 6], ARRAY['Running'],
       pg_temp.bench_uuid('bench-member-' || c), 'communities/bench-' || c || '/cover.webp'
     FROM generate_series(0, ${communities - 1}) c`,
    `INSERT INTO community_members (community_id, user_id, role, status, created_at)
     SELECT pg_temp.bench_uuid('bench-community-' || ((7 * i + 37 * k) % ${communities})), pg_temp.bench_uuid('bench-member-' || i),
       'member', 'active', now() - (i || ' minutes')::interval
     FROM generate_series(0, ${members - 1}) i, generate_series(0, 4) k
     ON CONFLICT DO NOTHING`,
    `INSERT INTO community_members (community_id, user_id, role, status)
     SELECT pg_temp.bench_uuid('bench-community-' || c), pg_temp.bench_uuid('bench-member-' || c), 'creator', 'active'
     FROM generate_series(0, ${communities - 1}) c
     ON CONFLICT (community_id, user_id) DO UPDATE SET role = 'creator'`,
    // The reader joins the communities their first posts land in, through the same kind of row the join route writes.
    `INSERT INTO community_members (community_id, user_id, role, status)
     SELECT pg_temp.bench_uuid('bench-community-' || (c * 17)), '${readerId}'::uuid, 'member', 'active'
     FROM generate_series(0, ${READER_COMMUNITIES - 1}) c
     ON CONFLICT DO NOTHING`,
    // Authors: in community c, member ((143 c) mod 200) + 200 j is active there (k = 0: 7 * 143 = 1001 = 1 mod 200).
    `INSERT INTO posts (id, author_id, community_id, content, image_keys, image_sizes, created_at)
     SELECT pg_temp.bench_uuid('bench-post-' || n),
       pg_temp.bench_uuid('bench-member-' || (CASE WHEN n % 20 = 0 THEN n % ${members}
         ELSE ((143 * (n % ${communities})) % ${communities}) + ${communities} * ((n / ${communities}) % ${members / communities}) END)),
       CASE WHEN n % 20 = 0 THEN NULL ELSE pg_temp.bench_uuid('bench-community-' || (n % ${communities})) END,
       ${postContentSql('n')},
       CASE WHEN n % 5 = 0 THEN ARRAY['posts/bench/' || n || '.webp'] ELSE '{}'::text[] END,
       CASE WHEN n % 5 = 0 THEN ARRAY['1080x720'] ELSE '{}'::text[] END,
       now() - ((n - n % 50 / 49) * 13 || ' seconds')::interval
     FROM generate_series(0, ${posts - 1}) n`,
    `INSERT INTO post_likes (post_id, user_id)
     SELECT pg_temp.bench_uuid('bench-post-' || n), pg_temp.bench_uuid('bench-member-' || ((n * 31 + l * 101) % ${members}))
     FROM generate_series(0, ${posts - 1}) n, generate_series(0, 3) l
     WHERE l < n % 5
     ON CONFLICT DO NOTHING`,
    `INSERT INTO post_comments (post_id, author_id, content, created_at)
     SELECT pg_temp.bench_uuid('bench-post-' || n), pg_temp.bench_uuid('bench-member-' || ((n * 17 + k * 7) % ${members})),
       'Count me in! Comment ' || k || ' on post ' || n || '.', now() - (greatest(n * 13 - k - 1, 0) || ' seconds')::interval
     FROM generate_series(0, ${posts - 1}) n, generate_series(0, 1) k
     WHERE k < n % 3`,
    `UPDATE posts p SET like_count = l.n FROM (SELECT post_id, count(*)::int n FROM post_likes GROUP BY post_id) l
     WHERE l.post_id = p.id`,
    `UPDATE posts p SET comment_count = c.n FROM (SELECT post_id, count(*)::int n FROM post_comments GROUP BY post_id) c
     WHERE c.post_id = p.id`,
    `UPDATE communities m SET member_count = c.n FROM (SELECT community_id, count(*)::int n FROM community_members
       WHERE status = 'active' GROUP BY community_id) c WHERE c.community_id = m.id`,
    `UPDATE communities m SET post_count = c.n FROM (SELECT community_id, count(*)::int n FROM posts
       WHERE community_id IS NOT NULL GROUP BY community_id) c WHERE c.community_id = m.id`,
    'ANALYZE',
  ];
}
