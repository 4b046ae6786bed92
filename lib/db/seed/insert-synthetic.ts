import "server-only";
// Writes synthetic articles in batches: one `insert … select from unnest(arrays)` per batch (a dozen
// array parameters instead of tens of thousands of scalars), generating the next batch while the
// database writes the current one. Re-running with the same seed adds nothing: source URLs are unique.
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { NewArticle } from "@/lib/db/schema";
import { syntheticArticle } from "./synthetic";

function insertBatch(db: Db, rows: NewArticle[]) {
  // sql.param keeps each array one parameter (a plain array would expand into a tuple).
  const col = <K extends keyof NewArticle>(k: K) => sql.param(rows.map((r) => r[k] ?? null));
  return db.execute<{ id: number }>(sql`
    insert into articles (title, content, summary, author_name, platform_name, source_platform, source_url,
      published_at, like_cnt, comment_cnt, favorite_cnt, view_cnt, origin, search_title, search_body,
      search_grams)
    select * from unnest(
      ${col("title")}::text[], ${col("content")}::text[], ${col("summary")}::text[], ${col("authorName")}::text[],
      ${col("platformName")}::text[], ${col("sourcePlatform")}::text[], ${col("sourceUrl")}::text[],
      ${sql.param(rows.map((r) => r.publishedAt!.toISOString()))}::timestamptz[], ${col("likeCnt")}::int[],
      ${col("commentCnt")}::int[], ${col("favoriteCnt")}::int[], ${col("viewCnt")}::int[], ${col("origin")}::text[],
      ${col("searchTitle")}::text[], ${col("searchBody")}::text[], ${col("searchGrams")}::text[])
    on conflict (source_url) do nothing
    returning id`);
}

export async function insertSynthetic(
  db: Db,
  opts: { count: number; seed?: number; batchSize?: number; onProgress?: (done: number) => void },
): Promise<number> {
  const { count, seed = 1, batchSize = 1000 } = opts;
  const now = Date.now();
  const batchAt = (start: number) => {
    const rows: NewArticle[] = [];
    for (let i = start; i < Math.min(start + batchSize, count); i++) rows.push(syntheticArticle(i, seed, now));
    return rows;
  };
  let inserted = 0;
  let rows = batchAt(0);
  for (let start = 0; start < count; start += batchSize) {
    const write = insertBatch(db, rows);
    rows = start + batchSize < count ? batchAt(start + batchSize) : [];
    inserted += (await write).rows.length;
    opts.onProgress?.(Math.min(start + batchSize, count));
  }
  return inserted;
}
