-- Issue 10: communities (visibility, join policy, city, topics, images, counts), memberships with a status, posts,
-- likes, comments, post images, report targets. pg_trgm serves search as you type on community names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "post_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"parent_id" uuid,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "post_comments_content_length" CHECK (char_length("post_comments"."content") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "post_images" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"uploader_id" uuid NOT NULL,
	"post_id" uuid,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_likes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"community_id" uuid,
	"content" text DEFAULT '' NOT NULL,
	"image_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "posts_content_length" CHECK (char_length("posts"."content") <= 5000),
	CONSTRAINT "posts_images_max" CHECK (cardinality("posts"."image_keys") <= 6),
	CONSTRAINT "posts_counts" CHECK ("posts"."like_count" >= 0 AND "posts"."comment_count" >= 0 AND "posts"."report_count" >= 0)
);
--> statement-breakpoint
DROP INDEX "community_members_user_role_idx";--> statement-breakpoint
ALTER TABLE "membership_applications" ADD COLUMN "community_id" uuid;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "join_policy" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "interests" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "cover_image_key" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "avatar_image_key" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "post_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "comment_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "community_id" uuid;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_parent_id_post_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_comments_post_idx" ON "post_comments" USING btree ("post_id","created_at","id") WHERE "post_comments"."parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX "post_comments_parent_idx" ON "post_comments" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "post_comments_author_idx" ON "post_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "post_images_uploader_idx" ON "post_images" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "post_images_unclaimed_idx" ON "post_images" USING btree ("created_at") WHERE "post_images"."post_id" IS NULL;--> statement-breakpoint
CREATE INDEX "post_likes_user_idx" ON "post_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_community_created_idx" ON "posts" USING btree ("community_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_member_feed_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."community_id" IS NULL;--> statement-breakpoint
CREATE INDEX "posts_author_created_idx" ON "posts" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_reported_idx" ON "posts" USING btree ("community_id","created_at" DESC NULLS LAST) WHERE "posts"."report_count" > 0;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_comment_id_post_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communities_name_idx" ON "communities" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "communities_city_name_idx" ON "communities" USING btree ("city",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "communities_name_trgm_idx" ON "communities" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "community_members_list_idx" ON "community_members" USING btree ("community_id","status","created_at" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_post_key" ON "reports" USING btree ("reporter_id","post_id") WHERE "reports"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_comment_key" ON "reports" USING btree ("reporter_id","comment_id") WHERE "reports"."comment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_post_idx" ON "reports" USING btree ("post_id") WHERE "reports"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "community_members_user_role_idx" ON "community_members" USING btree ("user_id","status","role");--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_name_length" CHECK (char_length("communities"."name") BETWEEN 3 AND 60);--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_description_length" CHECK ("communities"."description" IS NULL OR char_length("communities"."description") <= 2000);--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_member_count" CHECK ("communities"."member_count" >= 0);--> statement-breakpoint
UPDATE "communities" c SET "member_count" = (SELECT count(*) FROM "community_members" m WHERE m."community_id" = c."id");
