CREATE TABLE "notification_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "notifications_email_pending_idx";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "socket_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "email_choices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "unsubscribe_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_mail" ADD CONSTRAINT "notification_mail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_mail_due_idx" ON "notification_mail" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "notification_mail_user_kind_idx" ON "notification_mail" USING btree ("user_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_mail_status_idx" ON "notification_mail" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_job_idx" ON "notifications" USING btree ("job_id") WHERE job_id is not null;--> statement-breakpoint
CREATE INDEX "notifications_email_due_idx" ON "notifications" USING btree ("email_due_at") WHERE email_state = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_email_user_idx" ON "notifications" USING btree ("user_id","kind") WHERE email_state = 'pending';--> statement-breakpoint
-- The older kinds under the centre's names (decision 0043), their job and their link.
UPDATE "notifications" SET "kind" = 'estimate_posted' WHERE "kind" = 'project_posted';--> statement-breakpoint
UPDATE "notifications" SET "kind" = 'estimate_edited' WHERE "kind" = 'estimate_updated';--> statement-breakpoint
UPDATE "notifications" SET "kind" = 'bid_not_selected' WHERE "kind" = 'bid_declined';--> statement-breakpoint
UPDATE "notifications" SET "kind" = CASE "title"
  WHEN 'Start date proposed' THEN 'job_schedule_proposed'
  WHEN 'Start date confirmed' THEN 'job_schedule_confirmed'
  WHEN 'Work confirmed' THEN 'job_completed'
  WHEN 'Work sent back' THEN 'job_reopened'
  WHEN 'Change order approved' THEN 'change_order_decided'
  WHEN 'Change order declined' THEN 'change_order_decided'
  ELSE 'job_cancelled' END
WHERE "kind" = 'job_changed';--> statement-breakpoint
UPDATE "notifications" n SET "job_id" = j."id" FROM "jobs" j
WHERE n."kind" NOT IN ('estimate_posted', 'estimate_edited', 'bid_not_selected', 'quote_expired')
  AND j."estimate_id" = n."estimate_id" AND j."provider_id" = n."user_id";--> statement-breakpoint
UPDATE "notifications" SET "link" = CASE
  WHEN "job_id" IS NOT NULL THEN '/jobs/' || "job_id"
  WHEN "project_id" IS NOT NULL THEN '/projects/' || "project_id"
  WHEN "kind" = 'bid_not_selected' THEN '/tasks'
  WHEN "estimate_id" IS NOT NULL THEN '/estimates/' || "estimate_id"
  ELSE '/dashboard' END;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "link" SET NOT NULL;--> statement-breakpoint
-- The old switch off: every kind's email off.
UPDATE "notification_settings" SET "email_choices" = (
  SELECT jsonb_object_agg(k, 'off') FROM unnest(ARRAY['estimate_posted', 'estimate_edited', 'bid_received',
    'quote_revised', 'bid_accepted', 'bid_not_selected', 'quote_expired', 'job_schedule_proposed',
    'job_schedule_confirmed', 'job_started', 'job_completion_requested', 'job_completed', 'job_reopened',
    'job_cancelled', 'change_order_proposed', 'change_order_decided', 'role_request_reviewed',
    'message_unread']) AS k)
WHERE "email_enabled" = false;
