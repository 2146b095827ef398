CREATE TABLE "scheduled_work" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scheduled_work_due_idx" ON "scheduled_work" USING btree ("due_at") WHERE done_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_work_pending_key_idx" ON "scheduled_work" USING btree ("key") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "scheduled_work_done_idx" ON "scheduled_work" USING btree ("done_at") WHERE done_at is not null;