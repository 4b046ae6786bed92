import "server-only";
// The full ranking, for keywords with few matches (the search's plan for them, docs/search.md): every match
// is ordered by the documented tiers, relevance included, and counted exactly. Its cost grows with the
// matches, so lib/search/rank.ts sends a keyword here only when the statistics bound its
// matches by FULL_RANK_MAX.
import { and, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { articles } from "@/lib/db/schema";
import { unreadBy } from "@/lib/articles/queries";
import type { RankedIds, RankRequest } from "./keyword";

/** How many of the best full-text matches are re-ranked by the whole text (title and body, TOASTed). */
export const RERANK_WINDOW = 200;

/**
 * Runs `fn` in a transaction that keeps the planner off sequential scans: for words found in most articles it
 * would otherwise scan the table and decompress every TOASTed search_vector, where the GIN bitmap answers
 * the match without them (measured: 470 ms → 110 ms for a keyword in 82% of 100,000 articles).
 */
export function withGinBitmap<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return fn(tx);
  });
}

/**
 * Ranks matches in two stages. Stage 1 orders every match by tiers read from small inline columns: the
 * keyword as a phrase of the title, then every word in the title, then title rank, then hot score; its
 * window count is the exact total. Stage 2 re-ranks the first RERANK_WINDOW by ts_rank_cd over title
 * (weight A) and body (weight B) within the same tiers. Slices past the window follow stage 1's order, so
 * no article is skipped or repeated between pages.
 */
export async function rankAllMatches({ db, q, offset, limit, reader = null, exceptIds = [] }: RankRequest): Promise<RankedIds> {
  const { w, p } = q;
  const inTitle = sql`(${articles.titleVector} @@ ${w})`;
  const reranked = offset + limit <= RERANK_WINDOW;
  const filters = (match: SQL) => and(match, unreadBy(reader), exceptIds.length ? notInArray(articles.id, exceptIds) : undefined);

  // Matches by words, plus titles holding the phrase but not the words (UNION ALL: no de-duplication pass).
  const rankedColumns = (phraseFlag: SQL) => ({
    id: articles.id,
    isPhrase: sql<boolean>`${phraseFlag}`.as("is_phrase"),
    inTitle: sql<boolean>`${inTitle}`.as("in_title"),
    titleRank: sql<number>`ts_rank(${articles.titleVector}, ${w})`.as("title_rank"),
    hotScore: sql<number>`${articles.hotScore}`.as("hot"),
  });
  // `offset 0` keeps each branch a subquery, so the window below spools these narrow rows, not whole rows
  // (Drizzle leaves a plain 0 out of the SQL, so it gets the literal as an SQL chunk.)
  const fence = sql`0` as unknown as number;
  const byWords = db
    .select(rankedColumns(p ? sql`(${articles.titleGrams} @@ ${p})` : sql`false`))
    .from(articles)
    .where(filters(sql`${articles.searchVector} @@ ${w}`))
    .offset(fence);
  const candidates = (
    p
      ? byWords.unionAll(
          db
            .select(rankedColumns(sql`true`))
            .from(articles)
            // The inline title test first: a title holding the phrase nearly always holds its words too,
            // so the TOASTed search_vector is rarely read here.
            .where(filters(sql`${articles.titleGrams} @@ ${p} and not ${inTitle} and not (${articles.searchVector} @@ ${w})`))
            .offset(fence),
        )
      : byWords
  ).as("candidates");

  const stage1 = db
    .select({
      id: candidates.id,
      total: sql<number>`count(*) over ()`.as("total"),
      isPhrase: candidates.isPhrase,
      inTitle: candidates.inTitle,
      titleRank: candidates.titleRank,
      hotScore: candidates.hotScore,
    })
    .from(candidates)
    .orderBy(
      sql`${candidates.isPhrase} desc`,
      sql`${candidates.inTitle} desc`,
      sql`${candidates.titleRank} desc`,
      sql`${candidates.hotScore} desc nulls last`,
      sql`${candidates.id} desc`,
    )
    .limit(reranked ? RERANK_WINDOW : limit)
    .offset(reranked ? 0 : offset)
    .as("ranked");

  const rank = reranked ? sql`ts_rank_cd(${articles.searchVector}, ${w})` : sql`${stage1.titleRank}`;
  return withGinBitmap(db, rankIn);

  async function rankIn(db: Tx): Promise<RankedIds> {
    const rows = await db
      .select({ id: stage1.id, isPhrase: stage1.isPhrase, total: stage1.total })
      .from(stage1)
      .innerJoin(articles, sql`${articles.id} = ${stage1.id}`)
      .orderBy(
        sql`${stage1.isPhrase} desc`,
        sql`${stage1.inTitle} desc`,
        sql`${rank} desc`,
        sql`${stage1.hotScore} desc nulls last`,
        sql`${stage1.id} desc`,
      )
      .limit(limit)
      .offset(reranked ? offset : 0);

    // A slice past the end has no rows to carry the window count.
    const total = rows.length
      ? Number(rows[0].total)
      : offset === 0
        ? 0
        : Number((await db.select({ n: sql<number>`count(*)::int` }).from(candidates))[0].n);
    return {
      ids: rows.map((r) => r.id),
      phraseIds: new Set(rows.filter((r) => r.isPhrase).map((r) => r.id)),
      total,
      totalIsEstimate: false,
      plan: "full",
    };
  }
}

