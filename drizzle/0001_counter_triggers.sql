-- Maintained counts so that feed totals never scan: site_counters('articles') = number of articles,
-- users.read_count = the user's read_history rows. Statement-level triggers keep bulk inserts cheap.
INSERT INTO "site_counters" ("name", "value") SELECT 'articles', count(*) FROM "articles"
ON CONFLICT ("name") DO UPDATE SET "value" = excluded."value";
--> statement-breakpoint
CREATE FUNCTION "articles_count_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "site_counters" SET "value" = "value" + (SELECT count(*) FROM new_rows) WHERE "name" = 'articles';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "articles_count_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "site_counters" SET "value" = "value" - (SELECT count(*) FROM old_rows) WHERE "name" = 'articles';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "articles_count_insert" AFTER INSERT ON "articles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "articles_count_insert"();
--> statement-breakpoint
CREATE TRIGGER "articles_count_delete" AFTER DELETE ON "articles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "articles_count_delete"();
--> statement-breakpoint
CREATE FUNCTION "read_history_count_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "read_count" = u."read_count" + n.c
  FROM (SELECT "user_id", count(*) AS c FROM new_rows GROUP BY "user_id") n WHERE u."id" = n."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "read_history_count_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "read_count" = greatest(u."read_count" - o.c, 0)
  FROM (SELECT "user_id", count(*) AS c FROM old_rows GROUP BY "user_id") o WHERE u."id" = o."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "read_history_count_insert" AFTER INSERT ON "read_history"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "read_history_count_insert"();
--> statement-breakpoint
CREATE TRIGGER "read_history_count_delete" AFTER DELETE ON "read_history"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "read_history_count_delete"();
