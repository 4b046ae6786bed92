-- One article in 64 (by id, i.e. by arrival), indexed by its words: a search's total above 10,000 matches is
-- estimated from this sample's matches (lib/articles/search-total.ts) instead of building the bitmap of a
-- word found in most of a million articles. 1/64 of articles_search_idx in size and write cost.
CREATE INDEX "articles_search_sample_idx" ON "articles" USING gin ("search_vector") WHERE "articles"."id" % 64 = 0;
--> statement-breakpoint
ALTER INDEX "articles_search_sample_idx" SET (gin_pending_list_limit = 256);
