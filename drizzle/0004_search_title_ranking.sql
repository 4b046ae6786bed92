ALTER TABLE "articles" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_title, ''))) STORED;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_grams" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "title_grams" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_grams, ''))) STORED;--> statement-breakpoint
CREATE INDEX "articles_title_grams_idx" ON "articles" USING gin ("title_grams");--> statement-breakpoint
-- Keep the heap narrow for search: long text (content, body words, the full search vector, summary) moves
-- to TOAST, while the small title vectors stay inline (MAIN), so ranking every match reads few pages.
ALTER TABLE "articles" ALTER COLUMN "title_vector" SET STORAGE MAIN, ALTER COLUMN "title_grams" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "articles" SET (toast_tuple_target = 256);
