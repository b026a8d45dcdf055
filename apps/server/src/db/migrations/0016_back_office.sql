CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid,
	"target_label" text,
	"member_id" uuid,
	"community_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engine" text NOT NULL,
	"file" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_tags" (
	"member_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_tags_member_id_tag_pk" PRIMARY KEY("member_id","tag")
);
--> statement-breakpoint
CREATE TABLE "delivery_stats" (
	"channel" text NOT NULL,
	"day" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "delivery_stats_channel_day_pk" PRIMARY KEY("channel","day")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"runs" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "job_runs_name_not_empty" CHECK ("job_runs"."name" <> '')
);
--> statement-breakpoint
CREATE TABLE "member_engagement" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"rsvps" integer DEFAULT 0 NOT NULL,
	"attended" integer DEFAULT 0 NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"check_ins" integer DEFAULT 0 NOT NULL,
	"paid_events" integer DEFAULT 0 NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	"score" real DEFAULT 0 NOT NULL,
	"last_active_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD CONSTRAINT "crm_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_segments" ADD CONSTRAINT "crm_segments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tags" ADD CONSTRAINT "crm_tags_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tags" ADD CONSTRAINT "crm_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_engagement" ADD CONSTRAINT "member_engagement_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_member_idx" ON "audit_log" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "backups_created_idx" ON "backups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "crm_notes_member_idx" ON "crm_notes" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_segments_name_idx" ON "crm_segments" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "crm_tags_tag_idx" ON "crm_tags" USING btree ("tag","member_id");--> statement-breakpoint
CREATE INDEX "member_engagement_score_idx" ON "member_engagement" USING btree ("score","member_id");--> statement-breakpoint
CREATE INDEX "member_engagement_attended_idx" ON "member_engagement" USING btree ("attended","member_id");--> statement-breakpoint
CREATE INDEX "member_engagement_no_shows_idx" ON "member_engagement" USING btree ("no_shows","member_id");--> statement-breakpoint
CREATE INDEX "member_engagement_check_ins_idx" ON "member_engagement" USING btree ("check_ins","member_id");--> statement-breakpoint
CREATE INDEX "member_engagement_rsvps_idx" ON "member_engagement" USING btree ("rsvps","member_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_last_active_idx" ON "profiles" USING btree ("last_active_at","id");--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "profiles_admin_last_active_idx" ON "profiles" USING btree ("last_active_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_admin_name_idx" ON "profiles" USING btree (lower(coalesce("full_name", '')),"id");--> statement-breakpoint
CREATE INDEX "profiles_suspended_idx" ON "profiles" USING btree ("id") WHERE "profiles"."suspended_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "event_registrations_checked_in_idx" ON "event_registrations" USING btree ("checked_in_at") WHERE "event_registrations"."checked_in_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "location_check_ins_created_idx" ON "location_check_ins" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_community_status_idx" ON "reports" USING btree ("community_id","status","created_at","id") WHERE "reports"."community_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_open_created_idx" ON "reports" USING btree ("created_at","id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_event_key" ON "reports" USING btree ("reporter_id","event_id") WHERE "reports"."event_id" IS NOT NULL AND "reports"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_location_key" ON "reports" USING btree ("reporter_id","location_id") WHERE "reports"."location_id" IS NOT NULL AND "reports"."status" = 'open';