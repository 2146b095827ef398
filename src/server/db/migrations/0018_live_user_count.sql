CREATE TABLE "user_counts" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"live" integer NOT NULL,
	CONSTRAINT "user_counts_one_row" CHECK ("user_counts"."one")
);
--> statement-breakpoint
INSERT INTO "user_counts" ("one", "live") SELECT true, count(*) FROM "users" WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE FUNCTION "count_live_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "user_counts" SET "live" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW."deleted_at" IS NULL THEN UPDATE "user_counts" SET "live" = "live" + 1; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD."deleted_at" IS NULL THEN UPDATE "user_counts" SET "live" = "live" - 1; END IF;
  ELSIF (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL) THEN
    UPDATE "user_counts" SET "live" = "live" + CASE WHEN NEW."deleted_at" IS NULL THEN 1 ELSE -1 END;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_live_count" AFTER INSERT OR DELETE OR UPDATE OF "deleted_at" ON "users" FOR EACH ROW EXECUTE FUNCTION "count_live_users"();--> statement-breakpoint
CREATE TRIGGER "users_live_count_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "count_live_users"();
