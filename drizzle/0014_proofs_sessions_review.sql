ALTER TABLE "articles" ADD COLUMN "review_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_review_idx" ON "articles" USING btree ("created_at","id") WHERE "articles"."review_status" = 'pending';--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_review_status_valid" CHECK ("articles"."review_status" in ('pending', 'rejected'));--> statement-breakpoint
-- Accounts created by a code login proved their number by that code; numbers given at password registration
-- were never proven and stay null (docs/security.md, "Phones").
UPDATE "users" SET "phone_verified_at" = "created_at" WHERE "phone_number" IS NOT NULL AND "hashed_password" IS NULL;--> statement-breakpoint
-- The audit log is append-only in the database itself: UPDATE, DELETE and TRUNCATE are refused, except the
-- update the foreign key makes when an actor's account is deleted (actor_id to null, nothing else changed).
CREATE OR REPLACE FUNCTION "admin_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."actor_id" IS NOT NULL AND NEW."actor_id" IS NULL
     AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_append_only" BEFORE UPDATE OR DELETE ON "admin_audit" FOR EACH ROW EXECUTE FUNCTION "admin_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "admin_audit_no_truncate" BEFORE TRUNCATE ON "admin_audit" FOR EACH STATEMENT EXECUTE FUNCTION "admin_audit_append_only"();