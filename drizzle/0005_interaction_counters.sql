-- Article counters move with their rows, in the same transaction: like_cnt with likes, favorite_cnt with
-- favorites, view_cnt with every read recorded (a first read inserts, a re-read raises read_times).
-- A counter starts at the platform's count the article was imported with; rows here add to it, and a
-- removal never takes it below zero. Row-level triggers: the article row lock orders concurrent toggles.
CREATE FUNCTION "likes_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "articles" SET "like_cnt" = "like_cnt" + 1 WHERE "id" = NEW."article_id";
  ELSE
    UPDATE "articles" SET "like_cnt" = greatest("like_cnt" - 1, 0) WHERE "id" = OLD."article_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "likes_count_change" AFTER INSERT OR DELETE ON "likes"
  FOR EACH ROW EXECUTE FUNCTION "likes_count_change"();
--> statement-breakpoint
CREATE FUNCTION "favorites_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "articles" SET "favorite_cnt" = "favorite_cnt" + 1 WHERE "id" = NEW."article_id";
  ELSE
    UPDATE "articles" SET "favorite_cnt" = greatest("favorite_cnt" - 1, 0) WHERE "id" = OLD."article_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "favorites_count_change" AFTER INSERT OR DELETE ON "favorites"
  FOR EACH ROW EXECUTE FUNCTION "favorites_count_change"();
--> statement-breakpoint
CREATE FUNCTION "read_history_view_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."read_times" > OLD."read_times" THEN
    UPDATE "articles" SET "view_cnt" = "view_cnt" + 1 WHERE "id" = NEW."article_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "read_history_view_count" AFTER INSERT OR UPDATE OF "read_times" ON "read_history"
  FOR EACH ROW EXECUTE FUNCTION "read_history_view_count"();
