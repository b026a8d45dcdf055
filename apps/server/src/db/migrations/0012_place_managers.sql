CREATE TABLE "location_managers" (
	"location_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_managers_location_id_user_id_pk" PRIMARY KEY("location_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "location_managers" ADD CONSTRAINT "location_managers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_managers" ADD CONSTRAINT "location_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_managers" ADD CONSTRAINT "location_managers_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_managers_user_idx" ON "location_managers" USING btree ("user_id","location_id");
--> statement-breakpoint
-- custom (kept by hand)
-- Search matches every query word across a target's fields (decision 026): its city and topics/interests join its
-- names and descriptions. One immutable text of them per row, so a trigram index can serve it (array_to_string is
-- only STABLE for anyarray; over text[] it cannot change).
CREATE OR REPLACE FUNCTION bayclub_search_tags(city text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(concat_ws(' ', city, array_to_string(tags, ' '))) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS profiles_search_tags_trgm_idx ON profiles USING gin (bayclub_search_tags(city, interests) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS communities_search_tags_trgm_idx ON communities USING gin (bayclub_search_tags(city, interests) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS locations_description_trgm_idx ON locations USING gin (description gin_trgm_ops);
--> statement-breakpoint
-- Places are searched (a fifth type): their words join the lexicon as they are written.
CREATE TRIGGER locations_search_words AFTER INSERT ON locations
  FOR EACH ROW EXECUTE FUNCTION bayclub_search_words('name', 'description');
--> statement-breakpoint
CREATE TRIGGER locations_search_words_changed AFTER UPDATE OF name, description ON locations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION bayclub_search_words('name', 'description');
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM (
  SELECT regexp_split_to_table(lower(concat_ws(' ', name, description)), '[^[:alnum:]]+') AS w FROM locations
) x
WHERE char_length(w) BETWEEN 3 AND 32
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The words of the cities, categories and interest options (the spec's fixed lists, public to every member).
INSERT INTO search_words (word) VALUES ('adventure'), ('art'), ('baking'), ('bar'), ('bbq'), ('beach'), ('beer'), ('brandon'), ('building'), ('cafe'), ('camping'), ('career'), ('clearwater'), ('clubs'), ('cocktails'), ('coffee'), ('comedy'), ('concerts'), ('cooking'), ('craft'), ('crafting'), ('cuisine'), ('cycling'), ('dancing'), ('design'), ('development'), ('digital'), ('dining'), ('drawing'), ('events'), ('fashion'), ('festivals'), ('fine'), ('fitness'), ('food'), ('friends'), ('gaming'), ('graphic'), ('gym'), ('health'), ('hiking'), ('history'), ('interior'), ('international'), ('karaoke'), ('lakeland'), ('languages'), ('leadership'), ('learning'), ('live'), ('local'), ('meditation'), ('meetups'), ('mindfulness'), ('movies'), ('music'), ('nature'), ('networking'), ('nutrition'), ('other'), ('painting'), ('park'), ('personal'), ('pete'), ('philosophy'), ('photography'), ('podcasts'), ('poetry'), ('reading'), ('restaurant'), ('road'), ('running'), ('sarasota'), ('science'), ('shows'), ('skill'), ('social'), ('sports'), ('stand'), ('swimming'), ('tampa'), ('tasting'), ('technology'), ('theater'), ('travel'), ('trips'), ('trucks'), ('vegan'), ('vegetarian'), ('venue'), ('volunteering'), ('wine'), ('writing'), ('yoga')
ON CONFLICT DO NOTHING;
