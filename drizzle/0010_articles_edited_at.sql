-- articles.updated_at moves whenever what an article's page shows is edited, whatever did the edit (the
-- app through Drizzle, a tool, psql), and not when its counters move (likes, favourites, views): the
-- visitors' permalink cache (lib/server/permalink-cache.ts) compares it on every request and renders the
-- page again when it moved; the embedder re-embeds on it. Same columns as the articles version (0008).
CREATE FUNCTION "articles_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := clock_timestamp();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "articles_touch_updated_at"
  BEFORE UPDATE OF "title", "content", "summary", "cover_image", "author_name", "platform_name",
    "source_platform", "source_url", "published_at"
  ON "articles" FOR EACH ROW
  WHEN ((OLD."title", OLD."content", OLD."summary", OLD."cover_image", OLD."author_name", OLD."platform_name",
    OLD."source_platform", OLD."source_url", OLD."published_at")
    IS DISTINCT FROM (NEW."title", NEW."content", NEW."summary", NEW."cover_image", NEW."author_name",
    NEW."platform_name", NEW."source_platform", NEW."source_url", NEW."published_at"))
  EXECUTE FUNCTION "articles_touch_updated_at"();
