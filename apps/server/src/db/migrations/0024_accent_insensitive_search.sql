-- custom (kept by hand)
-- Issue 26: search treats accents as the language expects: "tampa café" finds "Tampa Cafe", "cafe" finds "Café Con
-- Leche", "jose nunez" finds "José Núñez". Global search and the directory's name search compare folded text with a
-- folded query: bayclub_fold, lower case with the accents taken off (unaccent's own rules: é -> e, ñ -> n, ß -> ss,
-- ø -> o, full-width letters -> ASCII). The trigram indexes these searches use are rebuilt on the folded expression;
-- the lexicon holds folded words. PGlite loads the unaccent module in db/client.ts; on a server it is created here.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent(text) is only STABLE: it finds its dictionary through search_path, which may change. Naming the dictionary
-- (schema-qualified, like the function) makes the result depend on the text alone, so the wrapper may be IMMUTABLE
-- and indexed. Lower case after unaccent: a capital it writes (Æ -> AE) is lowered too. Not inlined (its body calls a
-- STABLE function), so queries name bayclub_fold(col), the indexed expression, as is.
CREATE OR REPLACE FUNCTION bayclub_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
-- Indexes only search read, now on the folded text.
DROP INDEX IF EXISTS "profiles_bio_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "communities_description_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "posts_content_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "events_title_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "events_description_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "locations_description_trgm_idx";--> statement-breakpoint
-- Kept: profiles_full_name_trgm_idx and profiles_username_trgm_idx (the back office's and the organisers' member
-- searches, mentions; usernames are lower-case ASCII, so search and the directory use the username index as is),
-- communities_name_trgm_idx (the communities list), locations_name_trgm_idx and locations_address_trgm_idx (the
-- places list), the bayclub_search_tags indexes (cities and topics are lower-case ASCII words of fixed lists).
CREATE INDEX "profiles_full_name_fold_trgm_idx" ON "profiles" USING gin (bayclub_fold("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_bio_fold_trgm_idx" ON "profiles" USING gin (bayclub_fold("bio") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "communities_name_fold_trgm_idx" ON "communities" USING gin (bayclub_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "communities_description_fold_trgm_idx" ON "communities" USING gin (bayclub_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_content_fold_trgm_idx" ON "posts" USING gin (bayclub_fold("content") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_title_fold_trgm_idx" ON "events" USING gin (bayclub_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_description_fold_trgm_idx" ON "events" USING gin (bayclub_fold("description") gin_trgm_ops);--> statement-breakpoint
-- An event's city is searched with its title and description (a city slug, lower-case ASCII): with its own index, a
-- rare word is found through the three indexes rather than by testing every upcoming event (80 ms at 10,000 events).
CREATE INDEX "events_city_trgm_idx" ON "events" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_name_fold_trgm_idx" ON "locations" USING gin (bayclub_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_address_fold_trgm_idx" ON "locations" USING gin (bayclub_fold("address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_description_fold_trgm_idx" ON "locations" USING gin (bayclub_fold("description") gin_trgm_ops);--> statement-breakpoint
-- The planner estimates how common a word is from the indexed expression's own statistics (sampled like the column's
-- in 0009: 1,000 tell a word in 1% of posts from one in 0.1%, which decides between walking the newest posts and the
-- trigram index). Gathered now: autovacuum would not analyze the tables until enough of their rows change.
ALTER INDEX "posts_content_fold_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE profiles, communities, posts, events, locations;--> statement-breakpoint
-- The lexicon keeps folded words: a query word is folded before it is compared, so "cafe" and "café" are one word,
-- and a typo of either ("cafw") is corrected to it. Same as 0009's function but for bayclub_fold.
CREATE OR REPLACE FUNCTION bayclub_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fields jsonb := to_jsonb(NEW);
  texts text := '';
  col text;
BEGIN
  FOREACH col IN ARRAY TG_ARGV LOOP
    texts := texts || ' ' || coalesce(fields ->> col, '');
  END LOOP;
  INSERT INTO search_words (word)
  SELECT d.w FROM (SELECT DISTINCT w FROM regexp_split_to_table(bayclub_fold(texts), '[^[:alnum:]]+') w) d
  WHERE char_length(d.w) BETWEEN 3 AND 32 AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = d.w)
  ORDER BY d.w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The words already there, folded (split again: a fold may write a separator, © -> (c)); the unfolded ones go.
INSERT INTO search_words (word)
SELECT DISTINCT w FROM (
  SELECT regexp_split_to_table(bayclub_fold(word), '[^[:alnum:]]+') AS w FROM search_words WHERE word <> bayclub_fold(word)
) x
WHERE char_length(w) BETWEEN 3 AND 32
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM search_words WHERE word <> bayclub_fold(word);
