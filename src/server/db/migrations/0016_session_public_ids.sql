ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_publicId_unique" UNIQUE("public_id");--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "ip_address";