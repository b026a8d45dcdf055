CREATE TABLE "instagram_link_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instagram_link_states" ADD CONSTRAINT "instagram_link_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instagram_link_states_user_idx" ON "instagram_link_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "instagram_link_states_expires_idx" ON "instagram_link_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_instagram_user_id_key" ON "profiles" USING btree ("instagram_user_id") WHERE "profiles"."instagram_user_id" IS NOT NULL;