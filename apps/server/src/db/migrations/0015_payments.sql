CREATE TABLE "event_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid,
	"event_id" uuid,
	"user_id" uuid,
	"destination_account_id" text NOT NULL,
	"seats" integer NOT NULL,
	"amount" integer NOT NULL,
	"application_fee" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"checkout_session_id" text,
	"checkout_url" text,
	"payment_intent_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refund_state" text,
	"refund_reason" text,
	"refund_id" text,
	"refund_amount" integer,
	"refund_requested_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_payments_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "event_payments_amounts" CHECK ("event_payments"."seats" >= 1 AND "event_payments"."amount" > 0 AND "event_payments"."application_fee" BETWEEN 0 AND "event_payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"country" text NOT NULL,
	"email" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_stripe_account_id_unique" UNIQUE("stripe_account_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "hold_kind" text;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "price_amount" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_cutoff_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "claim_window_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payments" ADD CONSTRAINT "event_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_payments_user_idx" ON "event_payments" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "event_payments_registration_idx" ON "event_payments" USING btree ("registration_id","created_at");--> statement-breakpoint
CREATE INDEX "event_payments_event_idx" ON "event_payments" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "event_payments_resale_idx" ON "event_payments" USING btree ("event_id","refund_requested_at") WHERE "event_payments"."refund_state" = 'on_resale';--> statement-breakpoint
CREATE INDEX "event_payments_open_idx" ON "event_payments" USING btree ("updated_at") WHERE "event_payments"."status" = 'open';--> statement-breakpoint
CREATE INDEX "event_payments_refunds_idx" ON "event_payments" USING btree ("updated_at") WHERE "event_payments"."refund_state" in ('requested', 'pending');--> statement-breakpoint
CREATE INDEX "stripe_events_received_idx" ON "stripe_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "event_registrations_holds_idx" ON "event_registrations" USING btree ("hold_expires_at") WHERE "event_registrations"."status" = 'awaiting_payment';--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_hold" CHECK (("event_registrations"."status" = 'awaiting_payment') = ("event_registrations"."hold_expires_at" IS NOT NULL AND "event_registrations"."hold_kind" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_price" CHECK ("events"."price_amount" IS NULL OR ("events"."price_amount" BETWEEN 50 AND 1000000 AND "events"."currency" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_paid_terms" CHECK ("events"."refund_cutoff_hours" BETWEEN 0 AND 720 AND "events"."claim_window_hours" BETWEEN 1 AND 72);