// Both databases: index storage parameters and autovacuum settings, which each engine build must accept.
// Migration 0009: likes and views rewrite article rows (hot_score is indexed), so the GIN indexes' pending
// lists must stay short or every search scans them (33 → 600 ms after 3,000 likes on 100k articles).
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "./index";

it("keeps the articles' GIN pending lists at 256 kB and vacuums the table after 2% of its rows changed", async () => {
  const db = await getDb();
  const res = await db.execute<{ relname: string; reloptions: string[] | null }>(
    sql`select relname, reloptions from pg_class where relname in ('articles', 'articles_search_idx', 'articles_title_vector_idx', 'articles_title_grams_idx') order by relname`,
  );
  expect(Object.fromEntries(res.rows.map((r) => [r.relname, r.reloptions]))).toEqual({
    articles: expect.arrayContaining(["autovacuum_vacuum_scale_factor=0.02", "autovacuum_analyze_scale_factor=0.02"]),
    articles_search_idx: ["gin_pending_list_limit=256"],
    articles_title_grams_idx: ["gin_pending_list_limit=256"],
    articles_title_vector_idx: ["gin_pending_list_limit=256"],
  });
});
