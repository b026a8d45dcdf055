CREATE TABLE "profile_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"image_url" text NOT NULL,
	"storage_key" text NOT NULL,
	"image_order" integer NOT NULL,
	"media_type" text DEFAULT 'image' NOT NULL,
	"caption" text,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_images_caption_length" CHECK ("profile_images"."caption" IS NULL OR char_length("profile_images"."caption") <= 100)
);
--> statement-breakpoint
CREATE TABLE "profile_picture_upload_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text,
	"file_size" integer,
	"upload_status" text NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"key_or_prefix" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_images" ADD CONSTRAINT "profile_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_picture_upload_logs" ADD CONSTRAINT "profile_picture_upload_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_images_user_order_idx" ON "profile_images" USING btree ("user_id","image_order");--> statement-breakpoint
CREATE INDEX "profile_picture_upload_logs_user_idx" ON "profile_picture_upload_logs" USING btree ("user_id","created_at" DESC NULLS LAST);