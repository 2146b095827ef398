CREATE TYPE "public"."site_visit_status" AS ENUM('proposed', 'confirmed', 'declined', 'cancelled', 'done');--> statement-breakpoint
CREATE TABLE "site_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"status" "site_visit_status" DEFAULT 'proposed' NOT NULL,
	"slots" jsonb NOT NULL,
	"chosen_slot" smallint,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"decline_note" text,
	"cancel_reason" text,
	"cancelled_by" "review_side",
	"no_show_party" "review_side",
	"no_show_at" timestamp with time zone,
	"dispute_note" text,
	"disputed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_visits_open_key" ON "site_visits" USING btree ("estimate_id","provider_id") WHERE status in ('proposed', 'confirmed');--> statement-breakpoint
CREATE INDEX "site_visits_customer_idx" ON "site_visits" USING btree ("customer_id","ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "site_visits_provider_idx" ON "site_visits" USING btree ("provider_id","ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "site_visits_estimate_idx" ON "site_visits" USING btree ("estimate_id","status");--> statement-breakpoint
CREATE INDEX "site_visits_provider_no_show_idx" ON "site_visits" USING btree ("provider_id","no_show_at") WHERE no_show_party = 'provider' and disputed_at is null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;
