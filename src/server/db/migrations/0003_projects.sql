CREATE TABLE "project_connections" (
	"project_id" uuid NOT NULL,
	"provider_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_connections_project_id_provider_user_id_pk" PRIMARY KEY("project_id","provider_user_id")
);
--> statement-breakpoint
CREATE TABLE "project_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"sender_user_id" uuid NOT NULL,
	"body" text NOT NULL,
	"offer_amount_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_messages_offer" CHECK ("project_messages"."offer_amount_cents" is null or "project_messages"."offer_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"min_budget_cents" integer,
	"max_budget_cents" integer,
	"status" text DEFAULT 'live' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_status" CHECK ("projects"."status" in ('live', 'closed')),
	CONSTRAINT "projects_budgets" CHECK (("projects"."min_budget_cents" is null or "projects"."min_budget_cents" >= 0) and ("projects"."max_budget_cents" is null or "projects"."max_budget_cents" >= 0) and ("projects"."min_budget_cents" is null or "projects"."max_budget_cents" is null or "projects"."min_budget_cents" <= "projects"."max_budget_cents"))
);
--> statement-breakpoint
ALTER TABLE "project_connections" ADD CONSTRAINT "project_connections_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_connections" ADD CONSTRAINT "project_connections_provider_user_id_users_id_fk" FOREIGN KEY ("provider_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_messages" ADD CONSTRAINT "project_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_connections_provider_idx" ON "project_connections" USING btree ("provider_user_id");--> statement-breakpoint
CREATE INDEX "project_messages_project_created_idx" ON "project_messages" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "project_messages_sender_idx" ON "project_messages" USING btree ("sender_user_id","project_id");--> statement-breakpoint
CREATE INDEX "projects_live_city_category_created_idx" ON "projects" USING btree ("status",lower("city"),"category","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_live_category_created_idx" ON "projects" USING btree ("status","category","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_live_created_idx" ON "projects" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_owner_created_idx" ON "projects" USING btree ("owner_id","created_at");