DROP INDEX "post_comments_author_idx";--> statement-breakpoint
CREATE INDEX "post_comments_author_post_idx" ON "post_comments" USING btree ("author_id","post_id");