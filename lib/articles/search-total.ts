import "server-only";
// A search's total without counting every match: exact up to COUNT_EXACT_MAX, estimated above. The
// matches are collected from the GIN indexes as a bitmap and read in physical order until one more than
// COUNT_EXACT_MAX is found; that many in the first B of the table's P heap blocks extrapolates to
// (COUNT_EXACT_MAX + 1) × P ÷ B. Articles are appended over time in no particular topic order, so the matches
// of a word are spread evenly over the heap and the first ten thousand are a large sample of the rest.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

/** Totals up to this many matches are exact (as Elasticsearch's default track_total_hits). */
export const COUNT_EXACT_MAX = 10_000;

export type MatchCount = { count: number; estimated: boolean };

export async function countMatches(db: Db, where: SQL, exactMax = COUNT_EXACT_MAX): Promise<MatchCount> {
  return db.transaction(async (tx) => {
    // A bitmap heap scan returns rows in heap order (a b-tree walk or a parallel scan would not); a bitmap
    // that fits work_mem is exact, so no row is re-checked against its TOASTed vector.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    const { rows } = await tx.execute<{ n: number; last: number | null; blocks: string }>(sql`
      select count(*)::int as n, max(block)::int as last,
        (pg_relation_size('articles') / current_setting('block_size')::int)::bigint as blocks
      from (select (ctid::text::point)[0] as block from articles where ${where} limit ${exactMax + 1}) m`);
    const { n, last } = rows[0];
    if (n <= exactMax || last === null) return { count: n, estimated: false };
    const blocks = Number(rows[0].blocks);
    return { count: Math.max(Math.round((n * blocks) / (last + 1)), n), estimated: true };
  });
}
