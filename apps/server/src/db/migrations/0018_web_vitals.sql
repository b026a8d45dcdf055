CREATE TABLE "performance_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"metric_name" text NOT NULL,
	"metric_value" double precision NOT NULL,
	"metric_type" text DEFAULT 'web_vital' NOT NULL,
	"rating" text NOT NULL,
	"route" text NOT NULL,
	"device_class" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performance_metrics" ADD CONSTRAINT "performance_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "performance_metrics_created_metric_route_idx" ON "performance_metrics" USING btree ("created_at","metric_name","route");