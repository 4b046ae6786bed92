import "server-only";
// Full-text search (the local engine): a keyword's matches in rank order through one of three plans — full
// ranking, tiers in hot order, or the keyword's text verbatim when its words match nothing. See
// docs/search.md for the ranking rules and how the plan is chosen.
import { recordSearchPlan } from "@/lib/metrics";
import { and, inArray, sql } from "drizzle-orm";
import { articlesByIds, unreadBy, type Page, type Reader } from "@/lib/articles/queries";
import type { ArticleRow } from "@/lib/articles/serialize";
import type { Db } from "@/lib/db/client";
import { articles } from "@/lib/db/schema";
import { rankAllMatches } from "./full-rank";
import { keywordQueries, type RankedIds, type RankRequest } from "./keyword";
import { allTermsBound, termStats } from "./statistics";
import { rankByTiers } from "./tiers";
import { estimateMatches } from "./total";
import { verbatimMatches } from "./verbatim";

export { RERANK_WINDOW } from "./full-rank";

/** Which of `ids` the keyword matches (by words, or as a title phrase). */
export async function matchingIds({ db, keyword, ids, reader = null }: { db: Db; keyword: string; ids: number[]; reader?: Reader }) {
  const q = keywordQueries(keyword);
  if (!q || !ids.length) return new Set<number>();
  const match = q.p ? sql`(${articles.searchVector} @@ ${q.w} or ${articles.titleGrams} @@ ${q.p})` : sql`${articles.searchVector} @@ ${q.w}`;
  const rows = await db.select({ id: articles.id }).from(articles).where(and(inArray(articles.id, ids), match, unreadBy(reader)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Keywords whose matches the statistics bound by this many are ranked in full (relevance included, exact
 * total); more go through the tiers in hot order. At 100,000 articles every keyword of the project's
 * relevance table stays under it, so their results are what the full ranking gives.
 */
export const FULL_RANK_MAX = 15_000;

/**
 * The slice [offset, offset + limit) of a keyword's matches in rank order, with the total. The plan is
 * chosen from an estimate of the matches: the rarest word's share of the articles in PostgreSQL's statistics
 * bounds them (lib/search/statistics.ts), and above FULL_RANK_MAX the estimate of total.ts decides.
 * A rare keyword is ranked in full, a common one tier by tier as deep as the page. Without statistics (a table
 * never analysed) every keyword is ranked in full. When the words match nothing, the keyword's text is looked
 * for instead (verbatim.ts: jieba may have cut it differently inside the article's sentences).
 */
export async function rankMatches({
  db,
  keyword,
  fullRankMax = FULL_RANK_MAX,
  ...rest
}: Omit<RankRequest, "q"> & { keyword: string; fullRankMax?: number }): Promise<RankedIds> {
  const q = keywordQueries(keyword);
  if (!q || rest.limit < 1) return { ids: [], phraseIds: new Set(), total: 0, totalIsEstimate: false, plan: "full" };
  const ranked = await rankByPlan({ db, q, fullRankMax, ...rest });
  if (ranked.total > 0) return planned(ranked);
  const verbatim = await verbatimMatches({ db, keyword, reader: rest.reader, exceptIds: rest.exceptIds });
  if (!verbatim?.ids.length) return planned(ranked);
  return planned({
    ids: verbatim.ids.slice(rest.offset, rest.offset + rest.limit),
    phraseIds: new Set(),
    total: verbatim.ids.length,
    totalIsEstimate: verbatim.capped,
    plan: "verbatim",
  });
}

/** Counts the plan that answered (lib/metrics: shiyue_search_plans_total). */
const planned = (ranked: RankedIds) => (recordSearchPlan(ranked.plan), ranked);

async function rankByPlan({ db, q, fullRankMax, ...rest }: RankRequest & { fullRankMax: number }): Promise<RankedIds> {
  const stats = await termStats(db);
  const bound = allTermsBound(stats, "search_vector", q.terms);
  if (bound === null || bound <= fullRankMax) return rankAllMatches({ db, q, ...rest });
  const words = and(sql`(${articles.searchVector} @@ ${q.w})`, unreadBy(rest.reader ?? null))!;
  const estimate = await estimateMatches(db, { words, terms: q.terms, stats });
  if (estimate <= fullRankMax) return rankAllMatches({ db, q, ...rest });
  return rankByTiers({ db, q, stats, estimate, ...rest });
}

export async function searchArticles({
  db,
  keyword,
  page,
  limit,
  reader = null,
}: {
  db: Db;
  keyword: string;
  page: number;
  limit: number;
  reader?: Reader;
}): Promise<Page<ArticleRow>> {
  const ranked = await rankMatches({ db, keyword, offset: (page - 1) * limit, limit, reader });
  return { items: await articlesByIds({ db, ids: ranked.ids, reader }), total: ranked.total };
}

