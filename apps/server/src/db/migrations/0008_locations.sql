CREATE TABLE "location_check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"visibility" text NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "location_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"image_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"description" text DEFAULT '' NOT NULL,
	"opening_hours" text DEFAULT '' NOT NULL,
	"check_in_mode" text DEFAULT 'poster' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"qr_key_version" integer DEFAULT 1 NOT NULL,
	"qr_regenerated_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_name_length" CHECK (char_length("locations"."name") BETWEEN 2 AND 80),
	CONSTRAINT "locations_address_length" CHECK (char_length("locations"."address") BETWEEN 1 AND 200),
	CONSTRAINT "locations_description_length" CHECK (char_length("locations"."description") <= 2000),
	CONSTRAINT "locations_opening_hours_length" CHECK (char_length("locations"."opening_hours") <= 500),
	CONSTRAINT "locations_coordinates" CHECK (("locations"."latitude" IS NULL AND "locations"."longitude" IS NULL) OR ("locations"."latitude" BETWEEN -90 AND 90 AND "locations"."longitude" BETWEEN -180 AND 180)),
	CONSTRAINT "locations_qr_key_version" CHECK ("locations"."qr_key_version" BETWEEN 1 AND 65535)
);
--> statement-breakpoint
CREATE TABLE "member_location_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"default_visibility" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_check_ins" ADD CONSTRAINT "location_check_ins_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_check_ins" ADD CONSTRAINT "location_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_photos" ADD CONSTRAINT "location_photos_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_photos" ADD CONSTRAINT "location_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_location_settings" ADD CONSTRAINT "member_location_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_check_ins_location_idx" ON "location_check_ins" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "location_check_ins_user_idx" ON "location_check_ins" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "location_photos_location_idx" ON "location_photos" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "locations_name_idx" ON "locations" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "locations_city_name_idx" ON "locations" USING btree ("city",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_address_trgm_idx" ON "locations" USING gin (lower("address") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_location_starts_idx" ON "events" USING btree ("location_id","starts_at","id") WHERE "events"."location_id" IS NOT NULL;