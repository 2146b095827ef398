DROP INDEX "messages_sender_idx";--> statement-breakpoint
DROP INDEX "messages_receiver_idx";--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","seq","estimate_id","receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_receiver_idx" ON "messages" USING btree ("receiver_id","seq","estimate_id","sender_id","created_at");