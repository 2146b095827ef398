-- The lists near a ZIP code read their area from the index alone, in any order (the price rides along too).
DROP INDEX IF EXISTS "estimates_posted_geo_idx";--> statement-breakpoint
CREATE INDEX "estimates_posted_geo_idx" ON "estimates" USING btree ("lat","lng","owner_id","posted_at","id","final_cents") WHERE status = 'posted' and deleted_at is null and lat is not null;
