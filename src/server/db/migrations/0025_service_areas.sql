CREATE TABLE "zip_codes" (
	"zip" text PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_data_loads" (
	"name" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"zip" text NOT NULL,
	"radius_miles" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_areas_radius" CHECK ("service_areas"."radius_miles" in (5, 10, 25, 50, 100))
);
--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "lat" double precision;
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "lng" double precision;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "zip_code" text;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "lat" double precision;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "lng" double precision;
--> statement-breakpoint
CREATE INDEX "estimates_posted_geo_idx" ON "estimates" USING btree ("lat","lng","owner_id","posted_at","id") WHERE status = 'posted' and deleted_at is null and lat is not null;
--> statement-breakpoint
CREATE INDEX "projects_live_geo_idx" ON "projects" USING btree ("lat","lng","owner_id","created_at","id") WHERE status = 'live' and lat is not null;
