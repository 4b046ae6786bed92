import "server-only";
// Retrieval for a chat question: which articles answer it. See docs/search.md, "The chat's retrieval".
import { sql } from "drizzle-orm";
import { articles } from "@/lib/db/schema";
import type { Db } from "@/lib/db/client";
import { withGinBitmap } from "./full-rank";
import { tsqueryWords } from "./keyword";
import { FULL_RANK_MAX, rankMatches } from "./rank";
import { anyTermEstimate, termStats } from "./statistics";
import { topByHot } from "./top-by-hot";

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
 * what its `2 × limit` rows cost, not what the matches number (lib/search/top-by-hot.ts).
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
