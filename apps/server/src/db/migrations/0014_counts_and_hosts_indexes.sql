DROP INDEX "post_comments_author_idx";--> statement-breakpoint
CREATE INDEX "post_comments_author_post_idx" ON "post_comments" USING btree ("author_id","post_id");--> statement-breakpoint
CREATE INDEX "events_creator_starts_idx" ON "events" USING btree ("created_by","starts_at","id");