import "server-only";
// Full-text search (the local engine): the keyword segmented by jieba like the indexed text, matched
// against the title and body words (GIN on search_vector) and, as an exact phrase, against the title's
// character bigrams (GIN on title_grams). See docs/search.md for the ranking rules.
import { and, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles } from "@/lib/db/schema";
import { articlesByIds, unreadBy, type Page, type Reader } from "./queries";
import { rankAllMatches, withGinBitmap } from "./search-full-rank";
import { gramTokens, segmentWords } from "./search-text";
import { rankByTiers } from "./search-tiers";
import { verbatimMatches } from "./search-verbatim";
import { estimateMatches } from "./search-total";
import type { ArticleRow } from "./serialize";
import { allTermsBound, anyTermEstimate, termStats, type QueryTerm } from "./term-stats";
import { topByHot } from "./top-by-hot";

export { RERANK_WINDOW } from "./search-full-rank";

/** The distinct segmented words of `text`, stripped of tsquery syntax so they can be quoted as lexemes. */
function tsqueryWords(text: string): string[] {
  return [...new Set(segmentWords(text))].map((w) => w.replace(/['\\:&|!()<>*]/g, "")).filter(Boolean);
}

/** A keyword's words: every segmented word; the last one, when it is a Latin word, also as a prefix. */
function keywordTerms(keyword: string): QueryTerm[] {
  const words = tsqueryWords(keyword);
  const last = words.length - 1;
  return words.map((text, i) => ({ text, prefix: i === last && /^[a-z][a-z0-9]*$/.test(text) }));
}

const wordsQuery = (terms: QueryTerm[]) => terms.map((t) => (t.prefix ? `'${t.text}':*` : `'${t.text}'`)).join(" & ");
const phraseQuery = (grams: string[]) => grams.map((g) => `'${g}'`).join(" <-> ");

/**
 * A keyword's words as a tsquery: every segmented word must match; the last one, when it is a Latin word,
 * also as a prefix ("postgre" finds PostgreSQL).
 */
export function keywordToTsquery(keyword: string): string | null {
  const terms = keywordTerms(keyword);
  return terms.length ? wordsQuery(terms) : null;
}

/** The keyword as a phrase over title bigrams, or null when it is a single CJK character or has no letters. */
export function keywordToPhraseTsquery(keyword: string): string | null {
  const grams = phraseGrams(keyword);
  return grams.length ? phraseQuery(grams) : null;
}

function phraseGrams(keyword: string): string[] {
  const grams = gramTokens(keyword).map((g) => g.replace(/['\\:&|!()<>*]/g, "")).filter(Boolean);
  return !grams.length || (grams.length === 1 && [...grams[0]].length === 1) ? [] : grams;
}

/** A keyword's word query, title-phrase query (when it has one) and the terms of each. */
export type KeywordQueries = { w: SQL; p: SQL | null; terms: QueryTerm[]; grams: QueryTerm[] };

/** The keyword segmented once: its word and phrase queries and their terms, or null when it has no words. */
function keywordQueries(keyword: string): KeywordQueries | null {
  const terms = keywordTerms(keyword);
  if (!terms.length) return null;
  const grams = phraseGrams(keyword);
  return {
    w: sql`to_tsquery('simple', ${wordsQuery(terms)})`,
    p: grams.length ? sql`to_tsquery('simple', ${phraseQuery(grams)})` : null,
    terms,
    grams: grams.map((text) => ({ text })),
  };
}

/** Which of `ids` the keyword matches (by words, or as a title phrase). */
export async function matchingIds({ db, keyword, ids, reader = null }: { db: Db; keyword: string; ids: number[]; reader?: Reader }) {
  const q = keywordQueries(keyword);
  if (!q || !ids.length) return new Set<number>();
  const match = q.p ? sql`(${articles.searchVector} @@ ${q.w} or ${articles.titleGrams} @@ ${q.p})` : sql`${articles.searchVector} @@ ${q.w}`;
  const rows = await db.select({ id: articles.id }).from(articles).where(and(inArray(articles.id, ids), match, unreadBy(reader)));
  return new Set(rows.map((r) => r.id));
}

export type RankedIds = {
  /** Ids in rank order for the requested slice. */
  ids: number[];
  /** Those of `ids` whose title holds the keyword as a phrase. */
  phraseIds: Set<number>;
  /** Every match (minus `exceptIds`): exact up to COUNT_EXACT_MAX, estimated above. */
  total: number;
  totalIsEstimate: boolean;
  /**
   * "full": every match ranked; "tiers": each tier read in hot order as deep as the page; "verbatim": the words
   * matched nothing and the keyword's text was found in the articles instead (docs/search.md).
   */
  plan: "full" | "tiers" | "verbatim";
};

export type RankRequest = {
  db: Db;
  q: KeywordQueries;
  offset: number;
  limit: number;
  reader?: Reader;
  exceptIds?: number[];
};

/**
 * Keywords whose matches the statistics bound by this many are ranked in full (relevance included, exact
 * total); more go through the tiers in hot order. At 100,000 articles every keyword of the project's
 * relevance table stays under it, so their results are what the full ranking gives.
 */
export const FULL_RANK_MAX = 15_000;

/**
 * The slice [offset, offset + limit) of a keyword's matches in rank order, with the total. The plan is
 * chosen from an estimate of the matches: the rarest word's share of the articles in PostgreSQL's statistics
 * bounds them (lib/articles/term-stats.ts), and above FULL_RANK_MAX the estimate of search-total.ts decides.
 * A rare keyword is ranked in full, a common one tier by tier as deep as the page. Without statistics (a table
 * never analysed) every keyword is ranked in full. When the words match nothing, the keyword's text is looked
 * for instead (search-verbatim.ts: jieba may have cut it differently inside the article's sentences).
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
  if (ranked.total > 0) return ranked;
  const verbatim = await verbatimMatches({ db, keyword, reader: rest.reader, exceptIds: rest.exceptIds });
  if (!verbatim?.ids.length) return ranked;
  return {
    ids: verbatim.ids.slice(rest.offset, rest.offset + rest.limit),
    phraseIds: new Set(),
    total: verbatim.ids.length,
    totalIsEstimate: verbatim.capped,
    plan: "verbatim",
  };
}

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

/** Question words that say nothing about the topic (kept out of retrieval queries). */
const QUESTION_WORDS = new Set(
  "什么 为什么 怎么 怎样 怎么样 如何 哪些 哪个 哪里 一下 一个 一些 可以 能够 是不是 有没有 我们 你们 他们 我 你 这个 那个 这些 那些 还是 或者 以及 关于 请问 告诉 介绍 推荐 有关 相关 问题 应该 需要 知道 觉得 到底".split(" "),
);

/** The topic words of a question (segmented, without question words and single characters). */
export function questionWords(question: string): string[] {
  return tsqueryWords(question).filter((w) => [...w].length > 1 && !QUESTION_WORDS.has(w));
}

/**
 * Articles for a chat question, best evidence first: every topic word matching (the search's ranking);
 * then any topic word in the title (GIN on the inline title vector), by rank when few titles hold one,
 * else by hot score; then any topic word in the body, by hot score. The three queries run at once (the
 * chat waits for retrieval before its first byte) and are merged in that order; each asks for `2 × limit`,
 * so the merge leaves out exactly what a step run after the others would have excluded. Each step costs
 * what its `2 × limit` rows cost, not what the matches number (lib/articles/top-by-hot.ts).
 */
export async function retrieveArticleIds({ db, question, limit }: { db: Db; question: string; limit: number }): Promise<number[]> {
  const words = questionWords(question);
  if (!words.length) return [];
  const any = sql`to_tsquery('simple', ${words.map((w) => `'${w}'`).join(" | ")})`;
  const terms = words.map((text) => ({ text }));
  const stats = await termStats(db);
  const k = 2 * limit;
  const inTitle = sql`(${articles.titleVector} @@ ${any})`;
  const titleMatches = anyTermEstimate(stats, "title_vector", terms);
  const byTitle =
    titleMatches !== null && titleMatches > FULL_RANK_MAX
      ? topByHot(db, { where: inTitle, k, estimate: titleMatches, articles: stats.articles, reads: "inline" })
      : withGinBitmap(db, (tx) =>
          tx
            .select({ id: articles.id })
            .from(articles)
            .where(inTitle)
            .orderBy(sql`ts_rank(${articles.titleVector}, ${any}) desc`, sql`${articles.hotScore} desc nulls last`)
            .limit(k)
            .then((rows) => rows.map((r) => r.id)),
        );
  const steps = await Promise.all([
    rankMatches({ db, keyword: words.join(" "), offset: 0, limit }).then((r) => r.ids),
    byTitle,
    topByHot(db, { where: sql`(${articles.searchVector} @@ ${any})`, k, estimate: anyTermEstimate(stats, "search_vector", terms), articles: stats.articles }),
  ]);
  return [...new Set(steps.flat())].slice(0, limit);
}
