import "server-only";
// A search's total without counting every match: exact up to COUNT_EXACT_MAX, estimated above.
//
// Counting matches costs a heap visit per match (a GIN index cannot answer count(*) alone), and building
// the bitmap of a word found in 90% of a million articles costs more than a page. So the estimate comes
// from a sample: a partial GIN index over every SAMPLE_MODULUS-th article (`id % 64 = 0`, migration 0011)
// finds the sample's matches, read in heap order until SAMPLE_COUNT_MAX are found; s matches in the first B of
// the heap's P blocks extrapolate to s × SAMPLE_MODULUS × P ÷ B. Article ids and heap order follow arrival,
// not topic, so the sample is an even slice of the collection: its relative error is about 1/√s (s ≥ 150
// wherever a total is estimated, so within 20% at two standard errors). When the estimate is near or under
// COUNT_EXACT_MAX the matches are counted for real, up to one more than COUNT_EXACT_MAX.
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";

/** Totals up to this many matches are exact (as Elasticsearch's default track_total_hits). */
export const COUNT_EXACT_MAX = 10_000;
/** One article in this many is in the sample index (articles_search_sample_idx). */
export const SAMPLE_MODULUS = 64;
/** Sample matches read before extrapolating by heap position. */
const SAMPLE_COUNT_MAX = 1_000;
/** An estimate below this many times COUNT_EXACT_MAX is checked by counting. */
const EXACT_MARGIN = 2;

export type MatchCount = { count: number; estimated: boolean };

/**
 * The number of articles matching `words` (over search_vector, answered by the GIN indexes) or `other`
 * (e.g. a title phrase; added to the exact count), exact up to `exactMax`.
 */
export async function countMatches(db: Db, { words, other, exactMax = COUNT_EXACT_MAX }: { words: SQL; other?: SQL; exactMax?: number }): Promise<MatchCount> {
  return db.transaction(async (tx) => {
    // A bitmap heap scan returns rows in heap order (a b-tree walk or a parallel scan would not); a bitmap
    // that fits work_mem is exact, so no row is re-checked against its TOASTed vector.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    const sample = await countInHeapOrder(tx, sql`${words} and "articles"."id" % ${sql.raw(String(SAMPLE_MODULUS))} = 0`, SAMPLE_COUNT_MAX);
    const estimate = Math.round(sample.extrapolated * SAMPLE_MODULUS);
    if (estimate > EXACT_MARGIN * exactMax) return { count: estimate, estimated: true };
    const all = await countInHeapOrder(tx, other ? sql`(${words} or ${other})` : words, exactMax);
    return all.complete ? { count: all.n, estimated: false } : { count: Math.max(all.extrapolated, exactMax + 1), estimated: true };
  });
}

/** Rows matching `where`, read in heap order up to `max` + 1; past that, extrapolated by heap position. */
async function countInHeapOrder(tx: Tx, where: SQL, max: number): Promise<{ n: number; complete: boolean; extrapolated: number }> {
  const { rows } = await tx.execute<{ n: number; last: number | null; blocks: string }>(sql`
    select count(*)::int as n, max(block)::int as last,
      (pg_relation_size('articles') / current_setting('block_size')::int)::bigint as blocks
    from (select (ctid::text::point)[0] as block from articles where ${where} limit ${max + 1}) m`);
  const { n, last } = rows[0];
  if (n <= max || last === null) return { n, complete: true, extrapolated: n };
  return { n, complete: false, extrapolated: Math.max((n * Number(rows[0].blocks)) / (last + 1), n) };
}
