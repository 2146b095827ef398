-- Title search uses trigram indexes (pg_trgm ships with PostgreSQL and PGlite; trusted since PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."estimate_status" AS ENUM('draft', 'posted', 'completed', 'cancelled');--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"task_id" text NOT NULL,
	"task_name" text NOT NULL,
	"subtask_ids" text[] NOT NULL,
	"subtask_names" text[] NOT NULL,
	"measurements" jsonb NOT NULL,
	"grade_level" text NOT NULL,
	"grade_permille" integer NOT NULL,
	"region_id" integer NOT NULL,
	"region_label" text NOT NULL,
	"region_permille" integer NOT NULL,
	"address" text,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"status" "estimate_status" DEFAULT 'draft' NOT NULL,
	"final_cents" bigint NOT NULL,
	"min_cents" bigint NOT NULL,
	"max_cents" bigint NOT NULL,
	"line_items" jsonb NOT NULL,
	"posted_at" timestamp with time zone,
	"first_posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimates_owner_created_idx" ON "estimates" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estimates_owner_first_posted_idx" ON "estimates" USING btree ("owner_id","first_posted_at");--> statement-breakpoint
CREATE INDEX "estimates_posted_idx" ON "estimates" USING btree ("posted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'posted' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "estimates_posted_category_idx" ON "estimates" USING btree ("category","task_id","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'posted' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "estimates_title_trgm_idx" ON "estimates" USING gin (lower("title") gin_trgm_ops);