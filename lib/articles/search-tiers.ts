import "server-only";
// The ranking for keywords with many matches (docs/search.md): the documented tiers — the keyword as a
// phrase of the title, every word in the title, the words in the body — each read in hot-score order and
// only as deep as the page needs (lib/articles/top-by-hot.ts), so the cost follows the page, not the
// matches. Within a tier the hot score orders (the full ranking's text relevance would have to read every
// match's TOASTed body vector). The total is counted exactly up to COUNT_EXACT_MAX and estimated above.
import { and, not, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles } from "@/lib/db/schema";
import { unreadBy } from "./queries";
import type { RankedIds, RankRequest } from "./search-queries";
import { countMatches } from "./search-total";
import { allTermsBound, type TermStats } from "./term-stats";
import { topByHot } from "./top-by-hot";

export async function rankByTiers(req: RankRequest & { stats: TermStats }): Promise<RankedIds> {
  const { db, q, stats, offset, limit, reader = null, exceptIds = [] } = req;
  const common = and(unreadBy(reader), exceptIds.length ? notInArray(articles.id, exceptIds) : undefined);
  const phrase = q.p ? sql`(${articles.titleGrams} @@ ${q.p})` : null;
  const inTitle = sql`(${articles.titleVector} @@ ${q.w})`;
  const notPhrase = phrase ? not(phrase) : undefined;
  // Inline title tests come first in each condition: a walk then reads a row's TOASTed body vector only
  // when its title did not already decide.
  const tiers: { where: SQL; estimate: number | null; phrase?: true }[] = [
    ...(phrase ? [{ where: and(phrase, common)!, estimate: allTermsBound(stats, "title_grams", q.grams), phrase: true as const }] : []),
    { where: and(inTitle, notPhrase, common)!, estimate: allTermsBound(stats, "title_vector", q.terms) },
    { where: and(not(inTitle), notPhrase, sql`(${articles.searchVector} @@ ${q.w})`, common)!, estimate: allTermsBound(stats, "search_vector", q.terms) },
  ];

  const count = countMatches(db, { words: and(sql`(${articles.searchVector} @@ ${q.w})`, common)!, other: phrase ? and(phrase, common) : undefined });
  const [ranked, total] = await Promise.all([topOfTiers(db, tiers, offset + limit, stats.articles), count]);
  const ids = ranked.ids.slice(offset);
  return { ids, phraseIds: new Set(ids.filter((id) => ranked.phraseIds.has(id))), total: total.count, totalIsEstimate: total.estimated, plan: "tiers" };
}

/** The first `k` ids of the tiers in order, reading each tier only for what the earlier ones left. */
async function topOfTiers(db: Db, tiers: { where: SQL; estimate: number | null; phrase?: true }[], k: number, articleCount: number) {
  const ids: number[] = [];
  const phraseIds = new Set<number>();
  for (const tier of tiers) {
    const need = k - ids.length;
    if (need <= 0) break;
    const got = await topByHot(db, { where: tier.where, k: need, estimate: tier.estimate, articles: articleCount });
    ids.push(...got);
    if (tier.phrase) got.forEach((id) => phraseIds.add(id));
  }
  return { ids, phraseIds };
}
