import "server-only";
// Retrieval for a chat question: which articles answer it (docs/search.md, "The chat's retrieval").
//
// The question is taken apart into its topic terms (question-terms.ts: question and filler words out, pieces
// and near forms in). Each term is weighed by how rare it is in the collection (document-frequency.ts).
// Candidates come from a few bounded queries run at once — the articles holding the rarest terms, ranked by
// how many of the question's terms they hold; titles holding any term; articles holding two of the strongest
// concepts together; articles holding every concept — and are ranked by BM25F over title and body (bm25.ts). Every
// query asks for a fixed number of rows chosen by index, so retrieval costs what its answer costs, not what
// the collection holds (DESIGN.md, "Scale").
import { inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles } from "@/lib/db/schema";
import { idf, rankByBm25, type ScoredTerm } from "./bm25";
import { documentFrequencies } from "./document-frequency";
import { withGinBitmap } from "./full-rank";
import { questionTerms } from "./question-terms";
import { anyTermEstimate, termStats } from "./statistics";
import { hottestAmong, topByHot } from "./top-by-hot";

/** Candidates per query. */
const PER_QUERY = 40;
/** The rarest terms are ranked by how many terms each match holds while they are in at most this many articles (each one's body vector is read). */
const RANK_RARE_MAX = 800;
/** Titles are ranked unless a listed term is in more than this many (inline vectors); then the hottest are read. */
const RANK_TITLES_MAX = 5_000;
/** Pairs of the rarest terms are collected from the index while the rarer of the two is in at most this many articles. */
const PAIR_MAX = 5_000;
/** Articles whose every concept is a common word are looked for among this many of the hottest. */
const ALL_WALK_ROWS = 3_000;
/** The strongest concepts paired. */
const PAIRED = 4;

const quoted = (t: string) => `'${t}'`;
const anyOf = (terms: string[]) => sql`to_tsquery('simple', ${terms.map(quoted).join(" | ")})`;

/** The question's topic words: the terms of questionTerms, the question's own words first. */
export function questionWords(question: string): string[] {
  return questionTerms(question).map((t) => t.text);
}

/** The best article ids for `question`, at most `limit`. */
export async function retrieveArticleIds({ db, question, limit }: { db: Db; question: string; limit: number }): Promise<number[]> {
  const raw = questionTerms(question);
  if (!raw.length || limit < 1) return [];
  const stats = await termStats(db);
  const df = await documentFrequencies(db, raw.map((t) => t.text), stats);
  const articlesNow = Math.max(stats.articles, 1);
  const terms: (ScoredTerm & { df: number })[] = raw
    .map((t) => ({ ...t, df: df.get(t.text) ?? 0 }))
    .filter((t) => t.df > 0)
    .map((t) => ({ ...t, idf: idf(t.df, articlesNow) }));
  if (!terms.length) return [];
  const ids = await candidates(db, terms, articlesNow, stats);
  if (!ids.length) return [];
  const rows = await db
    .select({ id: articles.id, title: articles.searchTitle, body: articles.searchBody, hot: articles.hotScore })
    .from(articles)
    .where(inArray(articles.id, ids));
  const docs = rows.map((r) => ({ id: r.id, title: r.title.split(" "), body: r.body.split(" "), hot: r.hot ?? 0 }));
  return rankByBm25(docs, terms)
    .slice(0, limit)
    .map((d) => d.id);
}

type Weighed = ScoredTerm & { df: number };

/** The best term of each concept (the one that says most: the highest idf), strongest concepts first. */
function byConcept(terms: Weighed[]): Weighed[] {
  const best = new Map<string, Weighed>();
  for (const t of terms) if (t.weight === 1 && (!best.has(t.concept) || best.get(t.concept)!.idf < t.idf)) best.set(t.concept, t);
  return [...best.values()].sort((a, b) => b.idf - a.idf);
}

async function candidates(db: Db, terms: Weighed[], articlesNow: number, stats: Awaited<ReturnType<typeof termStats>>): Promise<number[]> {
  const all = terms.map((t) => t.text);
  const rarest = [...terms].sort((a, b) => a.df - b.df);
  const concepts = byConcept(terms);
  const steps: Promise<number[]>[] = [];

  // The rarest terms, while few articles hold them, ranked by how many of the question's terms each holds.
  const rare: string[] = [];
  let held = 0;
  for (const t of rarest) {
    if (held + t.df > RANK_RARE_MAX) break;
    rare.push(t.text);
    held += t.df;
  }
  if (rare.length) steps.push(ranked(db, sql`${articles.searchVector} @@ ${anyOf(rare)}`, sql`ts_rank(${articles.searchVector}, ${anyOf(all)}, 1)`));
  // Past them, the hottest holders of each of the three rarest terms (an index walk or bitmap, k rows).
  for (const t of rarest.slice(rare.length, rare.length + 3)) {
    steps.push(topByHot(db, { where: sql`${articles.searchVector} @@ ${anyOf([t.text])}`, k: PER_QUERY / 2, estimate: t.df, articles: articlesNow }));
  }

  // Titles holding any term: ranked by the inline title vector, unless a term the title statistics list
  // is in so many titles that the hottest of them are read instead (a walk that finds them at once). An
  // unlisted term's titles are few (fewer than the smallest listed share), so the ranking stays small; its
  // floor is only a bound, and walking on it would read rows in hot order for matches that are not there.
  const inTitle = sql`${articles.titleVector} @@ ${anyOf(all)}`;
  const listedTitles = stats.columns.title_vector?.freq;
  const surelyInTitles = Math.max(0, ...terms.map((t) => (listedTitles?.get(t.text) ?? 0) * articlesNow));
  steps.push(
    surelyInTitles > RANK_TITLES_MAX
      ? topByHot(db, { where: inTitle, k: PER_QUERY, estimate: anyTermEstimate(stats, "title_vector", terms), articles: articlesNow, reads: "inline" })
      : ranked(db, inTitle, sql`ts_rank(${articles.titleVector}, ${anyOf(all)})`),
  );

  // Two of the strongest concepts together, while the rarer of each pair is held by few articles.
  const pairs: string[] = [];
  const top = concepts.slice(0, PAIRED);
  for (let i = 0; i < top.length; i++)
    for (let j = i + 1; j < top.length; j++) if (Math.min(top[i].df, top[j].df) <= PAIR_MAX) pairs.push(`(${quoted(top[i].text)} & ${quoted(top[j].text)})`);
  if (pairs.length) {
    steps.push(topByHot(db, { where: sql`${articles.searchVector} @@ to_tsquery('simple', ${pairs.join(" | ")})`, k: PER_QUERY, estimate: null, articles: articlesNow }));
  }

  // Every concept at once, the hottest first: all of them from the index while the rarest is held by few
  // articles, else looked for among the hottest ALL_WALK_ROWS only (common words: a walk, never a bitmap).
  if (concepts.length > 1) {
    const where = sql`${articles.searchVector} @@ to_tsquery('simple', ${concepts.map((t) => quoted(t.text)).join(" & ")})`;
    const rarestConcept = Math.min(...concepts.map((t) => t.df));
    steps.push(
      rarestConcept <= PAIR_MAX
        ? topByHot(db, { where, k: PER_QUERY / 4, estimate: null, articles: articlesNow })
        : hottestAmong(db, { where, k: PER_QUERY / 4, rows: ALL_WALK_ROWS }),
    );
  }
  return [...new Set((await Promise.all(steps)).flat())];
}

/** The first PER_QUERY articles matching `where` by `rank` (a GIN bitmap: the matches are few). */
function ranked(db: Db, where: SQL, rank: SQL): Promise<number[]> {
  return withGinBitmap(db, (tx) =>
    tx
      .select({ id: articles.id })
      .from(articles)
      .where(where)
      .orderBy(sql`${rank} desc`, sql`${articles.hotScore} desc nulls last`)
      .limit(PER_QUERY)
      .then((rows) => rows.map((r) => r.id)),
  );
}
