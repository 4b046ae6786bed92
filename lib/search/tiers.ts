import "server-only";
// The ranking for keywords with many matches (docs/search.md): the title tier (every word in the title, or
// the keyword as a phrase of it), then the body tier, each read in hot-score order and only as deep as the
// page needs (lib/search/top-by-hot.ts), so the cost follows the page, not the matches. Within the first
// PHRASE_WINDOW title matches, those holding the keyword as a phrase come first (as the full ranking's
// re-rank window, a bounded stand-in for ordering every match). The hot score orders the rest: text
// relevance would have to read every match's TOASTed body vector. The total is counted exactly up to
// COUNT_EXACT_MAX and estimated above.
import { and, not, notInArray, sql } from "drizzle-orm";
import { articles } from "@/lib/db/schema";
import { unreadBy } from "@/lib/articles/queries";
import type { RankedIds, RankRequest } from "./keyword";
import { countMatches } from "./total";
import { allTermsBound, type TermStats } from "./statistics";
import { topByHot, topRowsByHot } from "./top-by-hot";

/** Title matches among which a title phrase is lifted to the top. */
export const PHRASE_WINDOW = 40;

export async function rankByTiers(req: RankRequest & { stats: TermStats; estimate: number }): Promise<RankedIds> {
  const { db, q, stats, estimate, offset, limit, reader = null, exceptIds = [] } = req;
  const common = and(unreadBy(reader), exceptIds.length ? notInArray(articles.id, exceptIds) : undefined);
  const phrase = q.p ? sql`(${articles.titleGrams} @@ ${q.p})` : undefined;
  const inTitle = sql`(${articles.titleVector} @@ ${q.w})`;
  const title = phrase ? sql`(${inTitle} or ${phrase})` : inTitle;
  const words = sql`(${articles.searchVector} @@ ${q.w})`;
  const k = offset + limit;
  const titleK = phrase ? Math.max(k, PHRASE_WINDOW) : k;

  const [titleRows, total] = await Promise.all([
    topRowsByHot(db, { where: and(title, common)!, k: titleK, estimate: allTermsBound(stats, "title_vector", q.terms), articles: stats.articles, mark: phrase, reads: "inline" }),
    countMatches(db, { words: and(words, common)!, other: phrase ? and(phrase, common) : undefined, estimate }),
  ]);
  const window = titleRows.slice(0, PHRASE_WINDOW);
  const ordered = [...window.filter((r) => r.marked), ...window.filter((r) => !r.marked), ...titleRows.slice(PHRASE_WINDOW)];
  const ids = ordered.map((r) => r.id);
  // The title tier is exhausted when it gave fewer rows than asked; the body tier then fills the page. Inline
  // title tests come first in its condition, so a walk reads a body vector only for rows the title did not decide.
  if (titleRows.length < titleK && ids.length < k) {
    ids.push(...(await topByHot(db, { where: and(not(title), words, common)!, k: k - ids.length, estimate, articles: stats.articles })));
  }
  const page = ids.slice(offset, k);
  const phraseIds = new Set(window.filter((r) => r.marked).map((r) => r.id));
  return { ids: page, phraseIds: new Set(page.filter((id) => phraseIds.has(id))), total: total.count, totalIsEstimate: total.estimated, plan: "tiers" };
}
