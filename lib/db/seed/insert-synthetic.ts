import "server-only";
// Writes synthetic articles in batches (one multi-row insert per batch). Re-running with the same seed
// adds nothing: source URLs are unique.
import type { Db } from "@/lib/db/client";
import { articles } from "@/lib/db/schema";
import { syntheticArticle } from "./synthetic";

export async function insertSynthetic(
  db: Db,
  opts: { count: number; seed?: number; batchSize?: number; onProgress?: (done: number) => void },
): Promise<number> {
  const { count, seed = 1, batchSize = 1000 } = opts;
  const now = Date.now();
  let inserted = 0;
  for (let start = 0; start < count; start += batchSize) {
    const rows = [];
    for (let i = start; i < Math.min(start + batchSize, count); i++) rows.push(syntheticArticle(i, seed, now));
    const res = await db.insert(articles).values(rows).onConflictDoNothing({ target: articles.sourceUrl }).returning({ id: articles.id });
    inserted += res.length;
    opts.onProgress?.(Math.min(start + batchSize, count));
  }
  return inserted;
}
