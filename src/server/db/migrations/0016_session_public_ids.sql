ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_publicId_unique" UNIQUE("public_id");--> statement-breakpoint
-- No longer written (decision 0025): the addresses already stored go now; the column goes in a later release.
UPDATE "sessions" SET "ip_address" = NULL;