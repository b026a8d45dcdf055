-- Issue 13, decision 018: the People directory. Its newest and name sorts walk the two partial btree indexes and stop
-- after a page; the trigram indexes serve a search by name or username ("contains", case-insensitive), also usable
-- by the global search. PGlite ships pg_trgm (loaded in db/client.ts); on a server the extension is created here.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "profiles_directory_newest_idx" ON "profiles" USING btree ("created_at","id") WHERE not "profiles"."is_deactivated";--> statement-breakpoint
CREATE INDEX "profiles_directory_name_idx" ON "profiles" USING btree (lower(coalesce("full_name", '')),"id") WHERE not "profiles"."is_deactivated";--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_username_trgm_idx" ON "profiles" USING gin ("username" gin_trgm_ops);
