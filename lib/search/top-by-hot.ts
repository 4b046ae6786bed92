import "server-only";
// The hottest `k` articles that satisfy a condition, at a cost bounded by `k` rather than by how many
// articles satisfy it. Two ways to get them, chosen from an estimate of how many match:
//
// - walk: read articles in hot-score order (the articles_hot_idx b-tree) and test each, stopping after `k`
//   matches. Expected rows read: k × articles ÷ matches; cheap when the condition is common, and each row
//   read tests the condition on that row (for body words, its TOASTed search_vector).
// - bitmap: collect every match from the condition's GIN index, then keep the `k` hottest (a top-k sort over
//   the inline hot_score). Cost grows with the matches; cheap when the condition is rare.
//
// A walk is capped at a few times the rows the estimate predicts; when the cap is reached before `k`
// matches (the estimate was too high) the bitmap answers instead, so a wrong estimate costs one capped
// walk, never a walk through the whole table.
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";

/**
 * Reading one row in a walk costs about this many bitmap matches: a heap fetch either way, plus the TOAST
 * read of its body vector when the condition tests the body (a bitmap that fits work_mem re-checks nothing).
 */
export const WALK_ROW_COST = { inline: 1, body: 4 } as const;
/** A walk reads at most this many times the rows its estimate predicts before giving up. */
const WALK_CAP_FACTOR = 4;

export type TopByHot = {
  /** The condition, over columns of "articles" (the walk aliases its ordered rows under that name). */
  where: SQL;
  k: number;
  /** Estimated articles satisfying `where` (null: unknown, so the bitmap answers). */
  estimate: number | null;
  /** Articles in the table. */
  articles: number;
  /** A condition reported for each row returned (e.g. "the title holds the phrase"). */
  mark?: SQL;
  /** What testing `where` on a row reads: inline columns only, or the TOASTed body vector too (default). */
  reads?: keyof typeof WALK_ROW_COST;
};

export type HotRow = { id: number; marked: boolean };

/** Whether walking is expected to cost less than collecting every match. */
export function prefersWalk({ k, estimate, articles, reads = "body" }: Pick<TopByHot, "k" | "estimate" | "articles" | "reads">): boolean {
  if (!estimate || estimate < k) return false;
  return WALK_ROW_COST[reads] * k * (articles / estimate) < estimate;
}

/** Ids of the `k` hottest articles satisfying `where` (hot score, then id, descending). */
export async function topByHot(db: Db | Tx, q: TopByHot): Promise<number[]> {
  return (await topRowsByHot(db, q)).map((r) => r.id);
}

/** The `k` hottest articles satisfying `where`, each with whether it satisfies `mark`. */
export async function topRowsByHot(db: Db | Tx, q: TopByHot): Promise<HotRow[]> {
  if (q.k < 1) return [];
  const mark = q.mark ?? sql`false`;
  if (prefersWalk(q)) {
    const cap = Math.ceil(WALK_CAP_FACTOR * q.k * (q.articles / q.estimate!)) + 100;
    const rows = await walk(db, q.where, mark, q.k, cap);
    if (rows.length === q.k || cap >= q.articles) return rows;
  }
  return bitmap(db, q.where, mark, q.k);
}

/**
 * The `k` hottest articles satisfying `where` among the `rows` hottest articles: a walk with a fixed budget,
 * for callers that would rather answer from the top of the feed than pay for every match.
 */
export async function hottestAmong(db: Db | Tx, { where, k, rows }: { where: SQL; k: number; rows: number }): Promise<number[]> {
  if (k < 1 || rows < 1) return [];
  return (await walk(db, where, sql`false`, k, rows)).map((r) => r.id);
}

const toRows = (rows: { id: number; marked: boolean }[]) => rows.map((r) => ({ id: Number(r.id), marked: Boolean(r.marked) }));

async function walk(db: Db | Tx, where: SQL, mark: SQL, k: number, cap: number): Promise<HotRow[]> {
  // The subquery reads at most `cap` rows in index order (its LIMIT keeps the condition out of it); naming it
  // "articles" lets the condition's column references resolve to its rows.
  const rows = await db.execute<{ id: number; marked: boolean }>(sql`
    select "articles"."id", ${mark} as marked from (
      select * from articles order by hot_score desc nulls last, id desc nulls last limit ${cap}
    ) as "articles"
    where ${where}
    limit ${k}`);
  return toRows(rows.rows);
}

async function bitmap(db: Db | Tx, where: SQL, mark: SQL, k: number): Promise<HotRow[]> {
  // `hot_score + 0` keeps the planner off the hot-score index (which would be a walk without a cap); the
  // GIN bitmap collects the matches, and a bitmap that fits work_mem is exact, so no row is re-checked
  // (a lossy one would read every TOASTed vector again).
  const run = async (tx: Db | Tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    const rows = await tx.execute<{ id: number; marked: boolean }>(sql`
      select "articles"."id", ${mark} as marked from articles where ${where}
      order by hot_score + 0 desc nulls last, id desc nulls last
      limit ${k}`);
    return toRows(rows.rows);
  };
  return db.transaction(run);
}
