-- Every like, favourite or view moves an article's hot_score, an indexed column, so the row update is never
-- HOT: each one adds the article's whole tsvectors to the GIN indexes' pending lists (fastupdate), which
-- every search then scans until a vacuum merges them. Measured on 100,000 articles: 3,000 like updates left
-- 422 pending pages and a two-word search count went from 33 ms to 600 ms. A 256 kB pending list is merged
-- by the update that fills it, which keeps searches near their vacuumed speed (22 pending pages, 11–44 ms),
-- and autovacuum visits the table after 2% of its rows changed instead of 20%.
ALTER INDEX "articles_search_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "articles_title_vector_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "articles_title_grams_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER TABLE "articles" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
