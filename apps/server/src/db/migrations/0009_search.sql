-- Issue 13, decision 017: global search. Trigram GIN indexes on every searched column that had none (bios, community
-- and event descriptions, posts); the posts newest-first index (the newest matches of a common word are found by
-- walking it); a partial index of deactivated members (lists that look through many rows leave them out as one
-- set); and the lexicon: search_words holds every distinct word of the searched text, kept by the triggers below
-- in the writing transaction (a word is searchable the moment its row commits). Typo tolerance matches a query
-- word against these short words (trigram word similarity), then searches the rows for the words it found.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	CONSTRAINT "search_words_length" CHECK (char_length("search_words"."word") BETWEEN 3 AND 32)
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_bio_trgm_idx" ON "profiles" USING gin ("bio" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_deactivated_idx" ON "profiles" USING btree ("id") WHERE "profiles"."is_deactivated";--> statement-breakpoint
CREATE INDEX "communities_description_trgm_idx" ON "communities" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_content_trgm_idx" ON "posts" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_description_trgm_idx" ON "events" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
-- The words of the named columns of the new row (letters and digits, lower case, 3 to 32 long) that the lexicon lacks.
-- In word order, so two transactions adding the same new words take their locks in one order (no deadlock).
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
  SELECT d.w FROM (SELECT DISTINCT w FROM regexp_split_to_table(lower(texts), '[^[:alnum:]]+') w) d
  WHERE char_length(d.w) BETWEEN 3 AND 32 AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = d.w)
  ORDER BY d.w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_search_words AFTER INSERT ON profiles
  FOR EACH ROW EXECUTE FUNCTION bayclub_search_words('full_name', 'username', 'bio');
--> statement-breakpoint
CREATE TRIGGER profiles_search_words_changed AFTER UPDATE OF full_name, username, bio ON profiles
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.username IS DISTINCT FROM NEW.username
    OR OLD.bio IS DISTINCT FROM NEW.bio)
  EXECUTE FUNCTION bayclub_search_words('full_name', 'username', 'bio');
--> statement-breakpoint
CREATE TRIGGER communities_search_words AFTER INSERT ON communities
  FOR EACH ROW EXECUTE FUNCTION bayclub_search_words('name', 'description');
--> statement-breakpoint
CREATE TRIGGER communities_search_words_changed AFTER UPDATE OF name, description ON communities
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION bayclub_search_words('name', 'description');
--> statement-breakpoint
CREATE TRIGGER events_search_words AFTER INSERT ON events
  FOR EACH ROW EXECUTE FUNCTION bayclub_search_words('title', 'description');
--> statement-breakpoint
CREATE TRIGGER events_search_words_changed AFTER UPDATE OF title, description ON events
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION bayclub_search_words('title', 'description');
--> statement-breakpoint
CREATE TRIGGER posts_search_words AFTER INSERT ON posts
  FOR EACH ROW EXECUTE FUNCTION bayclub_search_words('content');
--> statement-breakpoint
CREATE TRIGGER posts_search_words_changed AFTER UPDATE OF content ON posts
  FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content)
  EXECUTE FUNCTION bayclub_search_words('content');
--> statement-breakpoint
-- A search plans for its word: walk the newest posts (a common word) or use the trigram index (a rare one). The
-- choice rests on how common the planner thinks the word is, which it learns by trying the pattern on sampled posts:
-- 1,000 instead of 100 tell a word in 1% of posts from one in 0.1% (at 1,000,000 posts "snorkel" went from a
-- 10,000-row index fetch, 20-240 ms, to the walk, 11 ms).
ALTER TABLE posts ALTER COLUMN content SET STATISTICS 1000;
--> statement-breakpoint
-- The words of the rows written before this migration.
INSERT INTO search_words (word)
SELECT DISTINCT w FROM (
  SELECT regexp_split_to_table(lower(concat_ws(' ', full_name, username, bio)), '[^[:alnum:]]+') AS w FROM profiles
  UNION ALL SELECT regexp_split_to_table(lower(concat_ws(' ', name, description)), '[^[:alnum:]]+') FROM communities
  UNION ALL SELECT regexp_split_to_table(lower(concat_ws(' ', title, description)), '[^[:alnum:]]+') FROM events
  UNION ALL SELECT regexp_split_to_table(lower(content), '[^[:alnum:]]+') FROM posts
) x
WHERE char_length(w) BETWEEN 3 AND 32
ON CONFLICT DO NOTHING;
