import "server-only";
// Writes synthetic articles in batches: one `insert … select from unnest(arrays)` per batch (a dozen
// array parameters instead of tens of thousands of scalars), generating the next batch while the
// database writes the current one. Re-running with the same seed adds nothing: source URLs are unique.
// The embedded database's way (PGlite); on PostgreSQL seed-synthetic.ts streams them with COPY.
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { NewArticle } from "@/lib/db/schema";
import { syntheticArticle } from "./synthetic";

function insertBatch(db: Db, rows: NewArticle[], skipExisting: boolean) {
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
    ${skipExisting ? sql`on conflict (source_url) do nothing` : sql``}
    returning id`);
}

export async function insertSynthetic(
  db: Db,
  opts: {
    /** Articles 0…count-1, or only those of `indices` when given. */
    count: number;
    /** Known to be missing: written without `on conflict`, which needs the source URL's unique index. */
    indices?: ArrayLike<number>;
    seed?: number;
    /** The clock publication dates count back from (default now). */
    now?: number;
    batchSize?: number;
    /** Stops after the batch being written. */
    signal?: AbortSignal;
    onProgress?: (done: number) => void;
  },
): Promise<number> {
  const { seed = 1, batchSize = 1000 } = opts;
  const total = opts.indices?.length ?? opts.count;
  const indexAt = opts.indices ? (k: number) => opts.indices![k] : (k: number) => k;
  const now = opts.now ?? Date.now();
  const batchAt = (start: number) => {
    const rows: NewArticle[] = [];
    for (let k = start; k < Math.min(start + batchSize, total); k++) rows.push(syntheticArticle(indexAt(k), seed, now));
    return rows;
  };
  let inserted = 0;
  let rows = batchAt(0);
  for (let start = 0; start < total && !opts.signal?.aborted; start += batchSize) {
    const write = insertBatch(db, rows, !opts.indices);
    rows = start + batchSize < total ? batchAt(start + batchSize) : [];
    inserted += (await write).rows.length;
    opts.onProgress?.(Math.min(start + batchSize, total));
  }
  return inserted;
}
