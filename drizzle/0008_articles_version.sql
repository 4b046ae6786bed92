-- site_counters('articles_version') changes whenever the set of articles or what a card shows of them
-- changes (not their counters): the cached anonymous home page (lib/server/home-cache.ts) compares it on
-- every request and renders again when it moved. One bump per statement, so bulk inserts stay cheap. It
-- starts at a random value, so a cache never takes another database's version for its own.
INSERT INTO "site_counters" ("name", "value") VALUES ('articles_version', floor(random() * 1e15)::bigint)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "articles_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "site_counters" SET "value" = "value" + 1 WHERE "name" = 'articles_version';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "articles_version_bump"
  AFTER INSERT OR DELETE OR UPDATE OF "title", "content", "summary", "cover_image", "author_name", "platform_name",
    "source_platform", "source_url", "published_at"
  ON "articles" FOR EACH STATEMENT EXECUTE FUNCTION "articles_version_bump"();
