// Global search at scale for `npm run bench:http` and bench/search-plans.ts (issue 13, decision 017): text that reads
// like members' text, on top of bench/feed-data.ts (members, communities, posts) and bench/events-data.ts (events).
// Written in set-based statements (generate_series) while the app is stopped, like those two.
//
// Text: words drawn from SEARCH_VOCABULARY with a log-uniform rank (Zipf-like: "the" in most posts, "beach" in a few
// percent, the tail in a fraction of a percent), from a hash of the row number, so every run writes the same text.
// On top of that, one post in RARE_EVERY carries one of RARE_WORDS: at 1,000,000 posts each rare word is in about
// 1,000,000 / RARE_EVERY / RARE_WORDS.length posts.
//
// Shapes, all deterministic:
// - the 10,000 bench members get real-looking names (first and last name from two lists) and, two in three, a bio;
// - SEARCH_EXTRA.communities more communities (to 1,000 with the feed's 200 and the events' 50), named from the
//   vocabulary ("Tampa Yogis"-like two-word names with a number), every 10th private;
// - SEARCH_EXTRA.events more events (to 10,000 with the events' 5,000), one every 40 minutes from 20 days ago on,
//   titles and descriptions from the vocabulary; visibility and creators as in the events data;
// - posts: the feed's posts, their content from postContentSql (feed-data.ts writes it, at BENCH_POSTS posts).

/** Rank order = frequency order: the first words are in most texts, the last in a few per thousand. */
export const SEARCH_VOCABULARY = [
  'the', 'and', 'for', 'with', 'this', 'you', 'we', 'are', 'our', 'who', 'week', 'come', 'join', 'today', 'tonight',
  'morning', 'fun', 'great', 'new', 'friends', 'anyone', 'weekend', 'saturday', 'sunday', 'beach', 'run', 'coffee',
  'sunset', 'tampa', 'bay', 'yoga', 'park', 'downtown', 'music', 'brunch', 'walk', 'group', 'club', 'meet', 'bring',
  'water', 'free', 'time', 'after', 'before', 'near', 'event', 'class', 'trail', 'ride', 'bike', 'paddle', 'board',
  'kayak', 'boat', 'dinner', 'lunch', 'tacos', 'pizza', 'market', 'farmers', 'gallery', 'museum', 'concert', 'show',
  'game', 'trivia', 'night', 'happy', 'hour', 'drinks', 'wine', 'craft', 'beer', 'local', 'food', 'truck', 'festival',
  'art', 'photos', 'photography', 'hike', 'nature', 'preserve', 'birds', 'dolphins', 'sail', 'fishing', 'pier',
  'island', 'causeway', 'bayshore', 'boulevard', 'riverwalk', 'ybor', 'city', 'hyde', 'channelside', 'armature',
  'works', 'pete', 'clearwater', 'sarasota', 'brandon', 'lakeland', 'dunedin', 'safety', 'harbor', 'gulfport',
  'madeira', 'treasure', 'pass', 'shell', 'key', 'honeymoon', 'caladesi', 'fort', 'desoto', 'anna', 'maria', 'siesta',
  'lido', 'longboat', 'bradenton', 'palmetto', 'ruskin', 'apollo', 'riverview', 'valrico', 'plant', 'seminole',
  'heights', 'davis', 'islands', 'westchase', 'carrollwood', 'wesley', 'chapel', 'lutz', 'odessa', 'oldsmar',
  'tarpon', 'sponge', 'docks', 'greek', 'bakery', 'cuban', 'sandwich', 'espresso', 'latte', 'tea', 'smoothie',
  'juice', 'vegan', 'salad', 'sushi', 'ramen', 'barbecue', 'grill', 'seafood', 'oysters', 'grouper', 'shrimp',
  'stone', 'crab', 'key lime', 'pie', 'dessert', 'ice', 'cream', 'gelato', 'donuts', 'bagels', 'pancakes', 'waffles',
  'volunteer', 'cleanup', 'charity', 'fundraiser', 'book', 'reading', 'writers', 'poetry', 'open', 'mic', 'comedy',
  'improv', 'theater', 'film', 'movie', 'screening', 'jazz', 'blues', 'salsa', 'dance', 'bachata', 'swing', 'karaoke',
  'vinyl', 'records', 'guitar', 'piano', 'choir', 'drums', 'pickup', 'soccer', 'volleyball', 'tennis', 'padel',
  'golf', 'bowling', 'climbing', 'bouldering', 'gym', 'crossfit', 'pilates', 'spin', 'swim', 'triathlon', 'marathon',
  'training', 'stretch', 'meditation', 'breathwork', 'sound', 'bath', 'wellness', 'journaling', 'gardening', 'plants',
  'succulents', 'orchids', 'pottery', 'ceramics', 'painting', 'watercolor', 'sketching', 'knitting', 'sewing',
  'woodworking', 'robotics', 'coding', 'startup', 'founders', 'networking', 'mentors', 'career', 'resume', 'investing',
  'budget', 'spanish', 'french', 'language', 'exchange', 'chess', 'board games', 'puzzles', 'escape', 'room', 'arcade',
  'skate', 'surf', 'snorkel', 'scuba', 'reef', 'sandbar', 'manatees', 'lagoon', 'springs', 'tubing', 'camping',
  'stargazing', 'telescope', 'astronomy', 'sunrise', 'moonrise', 'storm', 'lightning', 'hurricane', 'prep',
] as const;

/** One post in RARE_EVERY carries one of these (rare terms for the bench; none is in SEARCH_VOCABULARY). */
export const RARE_WORDS = ['flamingo', 'mangrove', 'stingray', 'pelican', 'heron', 'egret', 'snook', 'osprey'] as const;
export const RARE_EVERY = 2_500;

export const FIRST_NAMES = [
  'Ana', 'Ben', 'Carla', 'Dan', 'Elena', 'Frank', 'Gina', 'Hugo', 'Iris', 'Jamal', 'Kira', 'Luis', 'Maya', 'Nate',
  'Olivia', 'Pablo', 'Quinn', 'Rosa', 'Sam', 'Tara', 'Umar', 'Vera', 'Will', 'Xena', 'Yara', 'Zoe', 'Diego', 'Priya',
  'Mateo', 'Chloe', 'Andre', 'Leah',
] as const;
export const LAST_NAMES = [
  'Smith', 'Garcia', 'Lee', 'Nguyen', 'Brown', 'Davis', 'Lopez', 'Clark', 'Young', 'King', 'Rivera', 'Patel', 'Kim',
  'Martinez', 'Hernandez', 'Walker', 'Hall', 'Allen', 'Wright', 'Scott', 'Torres', 'Flores', 'Green', 'Adams',
  'Baker', 'Nelson', 'Carter', 'Mitchell', 'Perez', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans',
  'Edwards', 'Collins', 'Stewart', 'Sanchez', 'Morris',
] as const;

/**
 * The terms the benchmarks search (bench/http-scenarios.ts, bench/search-plans.ts), 3 to 10 letters: rare (each in
 * a few posts per 100,000), common (in 1 to 80 percent of posts: the more common, the sooner the newest-first walk
 * finds a page; around 1 percent costs most) and misspelled (a letter added, dropped or changed; typo tolerance
 * finds the word).
 */
export const SEARCH_TERMS = {
  rare: ['flamingo', 'osprey', 'snook', 'egret', 'stingray', 'mangrove', 'heron', 'pelican'],
  common: ['beach', 'sun', 'coffee', 'yoga', 'tampa', 'brunch', 'kayak', 'music', 'seminole', 'snorkel'],
  misspelled: ['sunsett', 'kayakk', 'cofee', 'meditaton', 'tampaa', 'musik', 'flamingp', 'pelicann'],
  /** Issue 21: words a row holds across its fields (city, topics, text), not necessarily in one. */
  multiWord: ['tampa yoga', 'beach sarasota', 'coffee brunch', 'kayak clearwater', 'music tampa', 'yoga sunrise'],
  /** Issue 21: places by name, category and city (locations-data's places). */
  places: ['cafe', 'bar tampa', 'park', 'beach clearwater', 'venue', 'gym'],
} as const;

/** How many rows search adds to the feed's and the events' data. */
export const SEARCH_EXTRA = { communities: 750, events: 5_000 } as const;

const literal = (words: readonly string[]) => `ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`;

/**
 * SQL: a uniform number in [0, 1) from integers (PostgreSQL's own integer hash, the same on both engines).
 * `salt` keeps the draws of one row apart.
 */
const uniform = (n: string, salt: string) => `((hashint8((${n})::bigint * 1000003 + (${salt})) & 1048575)::float8 / 1048576)`;

/** SQL: `words` words of the vocabulary with a log-uniform rank, drawn for row `n` (words salted by `seed`). */
export function vocabularyText(n: string, words: string, seed: number): string {
  const v = SEARCH_VOCABULARY.length;
  return `array_to_string(ARRAY(SELECT (${literal(SEARCH_VOCABULARY)})[least(${v}, floor(exp(${uniform(n, `${seed} + 7919 * w`)} * ln(${v + 1}))))::int]
    FROM generate_series(1, ${words}) w), ' ')`;
}

/** SQL: a post's content for post number `n` (8 to 24 words, now and then a rare word, a capital first letter). */
export function postContentSql(n: string): string {
  const rare = `CASE WHEN (${n}) % ${RARE_EVERY} = 17 THEN ' ' || (${literal(RARE_WORDS)})[1 + ((${n}) / ${RARE_EVERY}) % ${RARE_WORDS.length}] ELSE '' END`;
  return `(SELECT upper(left(t.x, 1)) || substr(t.x, 2) || ${rare} || '.' FROM (SELECT ${vocabularyText(n, `8 + (${n}) % 17`, 1)} AS x) t)`;
}

/** Statements to run after feed-data's and events-data's (member ids and helpers are theirs). */
export function searchDataStatements(): string[] {
  const { communities, events } = SEARCH_EXTRA;
  const cities = `(ARRAY['tampa','st_pete','clearwater','brandon','sarasota','lakeland'])`;
  return [
    `CREATE OR REPLACE FUNCTION pg_temp.bench_uuid(name text) RETURNS uuid LANGUAGE sql IMMUTABLE
     AS $$ SELECT overlay(overlay(md5(name) placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid $$`,
    `UPDATE profiles p SET full_name = (${literal(FIRST_NAMES)})[1 + m.i % ${FIRST_NAMES.length}] || ' '
         || (${literal(LAST_NAMES)})[1 + (m.i * 7 + m.i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
       bio = CASE WHEN m.i % 3 <> 0 THEN (SELECT initcap(${vocabularyText('m.i', `4 + m.i % 9`, 2)})) END
     FROM (SELECT i, pg_temp.bench_uuid('bench-member-' || i) AS id FROM generate_series(0, 9999) i) m
     WHERE p.id = m.id`,
    `INSERT INTO communities (id, name, url_slug, description, visibility, join_policy, city, interests, created_by)
     SELECT pg_temp.bench_uuid('bench-search-community-' || c),
       left(initcap(${vocabularyText('c', '2', 3)}), 50) || ' ' || c, 'bench-search-community-' || c,
       initcap(${vocabularyText('c', `6 + c % 10`, 4)}) || '.', CASE WHEN c % 10 = 9 THEN 'private' ELSE 'public' END,
       'open', ${cities}[1 + c % 6], ARRAY['Running'], pg_temp.bench_uuid('bench-member-' || c)
     FROM generate_series(0, ${communities - 1}) c`,
    `INSERT INTO community_members (community_id, user_id, role, status)
     SELECT pg_temp.bench_uuid('bench-search-community-' || c), pg_temp.bench_uuid('bench-member-' || c), 'creator', 'active'
     FROM generate_series(0, ${communities - 1}) c
     ON CONFLICT DO NOTHING`,
    `UPDATE communities SET member_count = 1 WHERE url_slug LIKE 'bench-search-community-%'`,
    `INSERT INTO events (id, created_by, community_id, title, description, starts_at, ends_at, venue, address, city,
       visibility, status)
     SELECT pg_temp.bench_uuid('bench-search-event-' || e), pg_temp.bench_uuid('bench-member-' || ((11 * e) % 10000)),
       CASE WHEN e % 10 = 9 THEN pg_temp.bench_uuid('bench-search-community-' || (e % ${communities})) END,
       left(initcap(${vocabularyText('e', `3 + e % 4`, 5)}), 110) || ' ' || e,
       initcap(${vocabularyText('e', `10 + e % 20`, 6)}) || '.',
       s.at, s.at + interval '2 hours', 'Bench venue ' || (e % 97), (e % 500) || ' Bayshore Blvd', ${cities}[1 + e % 6],
       CASE WHEN e % 10 < 4 THEN 'public' WHEN e % 10 = 9 THEN 'community' ELSE 'members' END,
       CASE WHEN e % 100 = 42 THEN 'cancelled' ELSE 'scheduled' END
     FROM generate_series(0, ${events - 1}) e,
       LATERAL (SELECT date_trunc('hour', now()) + ((e - 720) * 40 || ' minutes')::interval AS at) s`,
    // Right after a bulk insert the GIN indexes hold a pending list that makes the planner shun them.
    'VACUUM ANALYZE',
  ];
}
