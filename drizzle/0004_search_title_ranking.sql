ALTER TABLE "articles" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_title, ''))) STORED;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_grams" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "title_grams" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(search_grams, ''))) STORED;--> statement-breakpoint
CREATE INDEX "articles_title_grams_idx" ON "articles" USING gin ("title_grams");