CREATE INDEX "users_role_plan_created_idx" ON "users" USING btree ("role","subscription_plan","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_last_active_idx" ON "users" USING btree ("last_active_at");--> statement-breakpoint
CREATE INDEX "users_admin_search_trgm_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visits_user_idx" ON "visits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "role_requests_reviewed_by_idx" ON "role_requests" USING btree ("reviewed_by");