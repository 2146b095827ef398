DROP INDEX "estimates_posted_idx";--> statement-breakpoint
DROP INDEX "estimates_posted_category_idx";--> statement-breakpoint
CREATE INDEX "users_closed_idx" ON "users" USING btree ("id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "estimates_posted_idx" ON "estimates" USING btree ("posted_at" DESC NULLS LAST,"id" DESC NULLS LAST,"owner_id") WHERE status = 'posted' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "estimates_posted_category_idx" ON "estimates" USING btree ("category","task_id","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST,"owner_id") WHERE status = 'posted' and deleted_at is null;