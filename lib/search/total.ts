import "server-only";
// How many articles a keyword matches, without counting every match: the estimate that chooses the search's
// plan, and the total it answers (exact up to COUNT_EXACT_MAX, estimated above).
//
// Counting matches costs a heap visit per match (a GIN index cannot answer count(*) alone), and building
// the bitmap of a word found in 90% of a million articles costs more than a page. So estimates come first
// from PostgreSQL's statistics (statistics.ts): when every word is listed, the matches lie between the
// product of the words' fractions (independent words) and the rarest word's (words that come together);
// when those agree within 40%, their geometric mean is within 20% of anything between them. Otherwise
// (correlated words, or a word too rare to be listed) a sample answers: a partial GIN index over every
// SAMPLE_MODULUS-th article (`id % 64 = 0`, migration 0011) finds the sample's matches, read in heap order
// until SAMPLE_COUNT_MAX are found; s matches in the first B of the heap's P blocks extrapolate to
// s × SAMPLE_MODULUS × P ÷ B. Article ids and heap order follow arrival, not topic, so the sample is an even
// slice of the collection (relative error about 1/√s). When an estimate is near or under COUNT_EXACT_MAX,
// the matches are counted for real, up to one more than COUNT_EXACT_MAX.
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { allTermsRange, type QueryTerm, type TermStats } from "./statistics";

/** Totals up to this many matches are exact (as Elasticsearch's default track_total_hits). */
export const COUNT_EXACT_MAX = 10_000;
/** One article in this many is in the sample index (articles_search_sample_idx). */
export const SAMPLE_MODULUS = 64;
/** Sample matches read before extrapolating by heap position. */
const SAMPLE_COUNT_MAX = 1_000;
/** Statistics' low and high bounds within this ratio are trusted without a sample. */
const STATS_AGREEMENT = 1.4;
/** An estimate below this many times COUNT_EXACT_MAX is checked by counting. */
const EXACT_MARGIN = 2;

export type MatchCount = { count: number; estimated: boolean };

/** Matches of `words` (a condition over search_vector whose terms are `terms`), estimated. */
export async function estimateMatches(db: Db, { words, terms, stats }: { words: SQL; terms: QueryTerm[]; stats: TermStats }): Promise<number> {
  const range = allTermsRange(stats, "search_vector", terms);
  if (range && range.high <= STATS_AGREEMENT * range.low) return Math.round(Math.sqrt(range.low * range.high));
  return sampleEstimate(db, words);
}

/** Matches of `words` extrapolated from the sample index. */
export async function sampleEstimate(db: Db, words: SQL): Promise<number> {
  return heapOrdered(db, async (tx) => {
    const sample = await countInHeapOrder(tx, sql`${words} and "articles"."id" % ${sql.raw(String(SAMPLE_MODULUS))} = 0`, SAMPLE_COUNT_MAX);
    return Math.round(sample.extrapolated * SAMPLE_MODULUS);
  });
}

/**
 * The total for a keyword whose matches were estimated at `estimate`: that estimate when it is well above
 * `exactMax`, else the matches of `words` or `other` (e.g. a title phrase) counted, exactly up to `exactMax`.
 */
export async function countMatches(
  db: Db,
  { words, other, estimate, exactMax = COUNT_EXACT_MAX }: { words: SQL; other?: SQL; estimate: number; exactMax?: number },
): Promise<MatchCount> {
  if (estimate > EXACT_MARGIN * exactMax) return { count: estimate, estimated: true };
  return heapOrdered(db, async (tx) => {
    const all = await countInHeapOrder(tx, other ? sql`(${words} or ${other})` : words, exactMax);
    return all.complete ? { count: all.n, estimated: false } : { count: Math.round(Math.max(all.extrapolated, exactMax + 1)), estimated: true };
  });
}

/** Runs `fn` where matches come from a GIN bitmap in heap order. */
function heapOrdered<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // A bitmap heap scan returns rows in heap order (a b-tree walk or a parallel scan would not); a bitmap
    // that fits work_mem is exact, so no row is re-checked against its TOASTed vector.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return fn(tx);
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
