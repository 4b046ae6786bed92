-- The three search vectors stop being generated columns and are kept by a trigger instead, to the same values
-- (the expressions below are the generated columns' own). Two reasons:
-- - A generated column is computed on every UPDATE of the row while a BEFORE ROW UPDATE trigger exists on the
--   table (articles_touch_updated_at, 0010), so every like, favourite and view recomputed the three tsvectors and
--   stored the body's in TOAST again (100 view-count updates of synthetic articles wrote 185 TOAST chunks; now
--   none). The trigger recomputes them only when an UPDATE names a search column.
-- - A bulk loader that already knows the vectors (the synthetic seed, lib/db/seed/) may now write them itself:
--   to_tsvector over a million bodies was most of the database's work in `npm run seed -- --synthetic`. It says
--   so per session (`set shiyue.search_vectors = 'given'`); every other insert has them computed here.
-- DROP EXPRESSION keeps every stored value and rewrites nothing; the previous release never writes these columns.
ALTER TABLE "articles" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "title_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "title_grams" DROP EXPRESSION;--> statement-breakpoint
CREATE FUNCTION "articles_search_vectors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" := setweight(to_tsvector('simple'::regconfig, coalesce(NEW."search_title", '')), 'A')
    || setweight(to_tsvector('simple'::regconfig, coalesce(NEW."search_body", '')), 'B');
  NEW."title_vector" := to_tsvector('simple'::regconfig, coalesce(NEW."search_title", ''));
  NEW."title_grams" := to_tsvector('simple'::regconfig, coalesce(NEW."search_grams", ''));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "articles_search_vectors" BEFORE INSERT ON "articles" FOR EACH ROW
  WHEN (current_setting('shiyue.search_vectors', true) IS DISTINCT FROM 'given'
    OR NEW."search_vector" IS NULL OR NEW."title_vector" IS NULL OR NEW."title_grams" IS NULL)
  EXECUTE FUNCTION "articles_search_vectors"();
--> statement-breakpoint
-- Naming a vector column in an UPDATE recomputes it too: like the generated columns, they follow the search text only.
CREATE TRIGGER "articles_search_vectors_update"
  BEFORE UPDATE OF "search_title", "search_body", "search_grams", "search_vector", "title_vector", "title_grams"
  ON "articles" FOR EACH ROW EXECUTE FUNCTION "articles_search_vectors"();
