import "server-only";
// Related articles for a permalink (docs/seo.md, "Related articles"): up to RELATED_MAX visible articles that
// share the title's words, the same platform counting a little, topped up with articles of its platform.
//
// The title is taken apart as the chat takes a question apart (question-terms.ts: topic words, their pieces
// and near forms). How many titles hold each word comes from PostgreSQL's statistics (statistics.ts, read
// once a minute): nothing is counted per request. Candidates come from two bounded reads:
// - rare words: the title index (articles_title_vector_idx) for the two rarest words together, then for any
//   of the rare words, while their title counts add up to at most POSTINGS_MAX index entries (measured at 1M:
//   a bitmap costs about half a microsecond per entry), each read stopping after FETCH rows;
// - common words (the title index would read tens of thousands of entries): the WINDOW articles collected just
//   before this one (a primary-key range: neighbouring heap pages, about 30 of them, so a cold page costs a few
//   reads, not one per row), tested for any of the title's words or the same platform, nearest first.
// So a page costs a bounded number of index entries and heap rows however large the collection and however
// common its words. Candidates are ranked by BM25 over their titles (bm25.ts, idf from the same statistics),
// a same-platform bonus and the hot score; an identical title is shown once. When words find fewer than
// RELATED_MAX, the same window's articles of the platform fill the list, then the platform's articles published
// just before (its (platform, published_at) index), then the feed source's (its (source, published_at) index);
// a list still short of RELATED_MIN (an article with no platform and no source, or few neighbours) takes the hot
// articles published the same China-time day (a bounded range of the published_at index), then the site's hot
// articles (the hot index). Each item says why it is listed, and the page heads each reason honestly
// (相关文章 only for shared words). Articles collected later never change the words' part of the list.
import { sql, type SQL } from "drizzle-orm";
import { chinaDay, chinaDayStartOf } from "@/lib/china-time";
import type { Db, Tx } from "@/lib/db/client";
import { idf, rankByBm25, type ScoredTerm } from "./bm25";
import { withGinBitmap } from "./full-rank";
import { questionTerms } from "./question-terms";
import { termStats, type TermStats } from "./statistics";

/** Related articles shown at most, and the fewest the platform's neighbours top up to. */
export const RELATED_MAX = 8;
export const RELATED_MIN = 5;
/** Heap rows one candidate query reads at most (it stops there: no sort over every match). */
export const FETCH = 40;
/** Title-index entries one candidate query may read: the sum of its words' title counts (bounds for unlisted words). */
export const POSTINGS_MAX = 2_500;
/** Articles collected just before this one (ids below it) looked at for common words and the platform. */
export const WINDOW = 400;
/** Rows the window's read returns at most (sharing words or the platform), nearest first. */
const NEARBY_ROWS = 60;
/**
 * Words in more than this share of titles say how a title is written, not what it is about (指南, 如何,
 * 为什么, 三个月): they neither find nor rank related articles.
 */
export const GENERIC_SHARE = 0.05;
/** What sharing the platform adds to a candidate's score (about a third of a common word's idf). */
const PLATFORM_BONUS = 0.5;

export type RelatedArticle = {
  id: number;
  title: string;
  platformName: string | null;
  sourcePlatform: string | null;
  publishedAt: Date;
  /**
   * Why it is listed: it shares title words; or, without them, a neighbour in time on the same platform, from the
   * same feed source, published the same day, or one of the site's hot articles.
   */
  reason: "words" | "platform" | "source" | "day" | "hot";
};

/** Articles published the same day read at most (then ranked by their hot score). */
const DAY_ROWS = 200;

type Source = { id: number; title: string; searchTitle: string; platformName: string | null; feedSourceId: number | null; publishedAt: Date };
type Candidate = RelatedArticle & { searchTitle: string; hot: number };
type Row = {
  id: number;
  title: string;
  search_title: string;
  platform_name: string | null;
  source_platform: string | null;
  published_at: string | Date;
  hot: number | null;
};

const COLUMNS = sql.raw("id, title, search_title, platform_name, source_platform, published_at, hot_score as hot");

/** The related articles of a visible article, best first; empty for an unknown or hidden id. */
export async function relatedArticles({ db, id, limit = RELATED_MAX }: { db: Db; id: number; limit?: number }): Promise<RelatedArticle[]> {
  const { rows } = await db.execute<Row & { feed_source_id: number | null }>(sql`select ${COLUMNS}, feed_source_id from articles where id = ${id} and hidden_at is null`);
  if (!rows.length || limit < 1) return [];
  const row = rows[0];
  const source: Source = {
    id,
    title: row.title,
    searchTitle: row.search_title,
    platformName: row.platform_name,
    feedSourceId: row.feed_source_id === null ? null : Number(row.feed_source_id),
    publishedAt: new Date(row.published_at),
  };
  const { terms, index } = planRelated(await termStats(db), source.title, source.searchTitle);

  const found = new Map<number, Candidate>();
  const add = (cs: Candidate[]) => cs.forEach((c) => found.set(c.id, c));
  const enough = () => distinctTitles([...found.values()], source) >= limit;
  if (index.length) {
    await withGinBitmap(db, async (tx) => {
      for (const query of index) {
        add(await matching(tx, query, source.id));
        if (enough()) break;
      }
    });
  }
  let fill: Candidate[] = [];
  if (!enough()) {
    const near = await nearby(db, source, terms);
    add(near.filter((c) => c.reason === "words"));
    fill = near.filter((c) => c.reason === "platform");
  }

  const picked = rank(source, [...found.values()], terms, limit);
  const titles = new Set([titleKey(source.title), ...picked.map((p) => titleKey(p.title))]);
  const top = (cs: Candidate[], upTo = limit) => {
    for (const c of cs) {
      if (picked.length >= upTo) return;
      if (titles.has(titleKey(c.title)) || picked.some((p) => p.id === c.id)) continue;
      titles.add(titleKey(c.title));
      picked.push(c);
    }
  };
  const taken = () => [id, ...picked.map((p) => p.id)];
  const wanted = () => limit - picked.length + RELATED_MAX;
  top(fill);
  if (picked.length < limit) top(await platformNeighbours(db, source, wanted(), taken()));
  if (picked.length < limit) top(await sourceNeighbours(db, source, wanted(), taken()));
  // Weaker reasons only up to the fewest a page shows.
  const least = Math.min(limit, RELATED_MIN);
  if (picked.length < least) top(await sameDay(db, source, taken()), least);
  if (picked.length < least) top(await hottest(db, wanted(), taken()), least);
  return picked.map(({ id, title, platformName, sourcePlatform, publishedAt, reason }) => ({ id, title, platformName, sourcePlatform, publishedAt, reason }));
}

/** The candidates best first by BM25 over their titles, the platform's bonus, then the hot score; a title once. */
function rank(source: Source, candidates: Candidate[], terms: Weighed[], limit: number): Candidate[] {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const ranked = rankByBm25(
    candidates.map((c) => ({ id: c.id, title: c.searchTitle.split(" "), body: [], hot: c.hot })),
    terms,
  )
    .map((r) => ({ c: byId.get(r.id)!, score: r.score + (source.platformName && byId.get(r.id)!.platformName === source.platformName ? PLATFORM_BONUS : 0) }))
    .sort((a, b) => b.score - a.score || b.c.hot - a.c.hot || b.c.id - a.c.id);
  const titles = new Set([titleKey(source.title)]);
  const picked: Candidate[] = [];
  for (const { c } of ranked) {
    if (picked.length >= limit) break;
    if (titles.has(titleKey(c.title))) continue;
    titles.add(titleKey(c.title));
    picked.push(c);
  }
  return picked;
}

/** Identical titles (the same story collected twice, or a template) are shown once. */
const titleKey = (title: string) => title.normalize("NFKC").replace(/\s+/g, "").toLowerCase();

/** A title term with how many titles hold it: `df` estimated (for its idf), `bound` at most (for a read's cost). */
export type Weighed = ScoredTerm & { df: number; bound: number };

/**
 * The title's terms weighed by the title column's statistics: a listed word's share, else (rarer than the
 * smallest listed share) half of that share as its estimate and the share itself as its bound; generic words
 * (GENERIC_SHARE) are left out, and so are the title's own words its index entry does not hold (a single
 * character jieba split off in precise mode). Without
 * statistics (a table never analysed: a small one, where every read is cheap) every term counts alike.
 */
function weigh(stats: TermStats, title: string, indexed: Set<string>): { terms: Weighed[]; counted: boolean } {
  const col = stats.columns.title_vector;
  const articles = Math.max(stats.articles, 1);
  const count = (share: number) => Math.max(1, Math.round(share * articles));
  const terms = questionTerms(title)
    .filter((t) => t.weight < 1 || indexed.has(t.text))
    .filter((t) => !col || (col.freq.get(t.text) ?? 0) <= GENERIC_SHARE)
    .map((t) => {
      const listed = col?.freq.get(t.text);
      if (!col) return { ...t, df: 1, bound: 1, idf: 1 };
      const df = count(listed ?? col.floor / 2);
      return { ...t, df, bound: count(listed ?? col.floor), idf: idf(df, articles) };
    });
  return { terms, counted: Boolean(col) };
}

/**
 * What finding a title's related articles reads first: its weighed terms and the title-index queries, each
 * within POSTINGS_MAX entries (the window of WINDOW ids follows when they find too few).
 */
export function planRelated(stats: TermStats, title: string, searchTitle: string): { terms: Weighed[]; index: string[] } {
  const { terms, counted } = weigh(stats, title, new Set(searchTitle.split(" ")));
  return { terms, index: indexQueries(rarestConcepts(terms), counted) };
}

const distinctTitles = (cs: Candidate[], source: Source) => new Set(cs.map((c) => titleKey(c.title)).filter((k) => k !== titleKey(source.title))).size;

/** The best term of each concept (the rarest; the title's own words, not near forms), rarest concept first. */
function rarestConcepts(terms: Weighed[]): Weighed[] {
  const best = new Map<string, Weighed>();
  for (const t of terms) {
    const known = best.get(t.concept);
    if (t.weight === 1 && (!known || t.df < known.df)) best.set(t.concept, t);
  }
  return [...best.values()].sort((a, b) => a.df - b.df || b.text.length - a.text.length);
}

const quoted = (t: Weighed) => `'${t.text}'`;

/**
 * The title-index reads, each a tsquery, most precise first: the two rarest concepts together (when the
 * rarer may hold more titles than one read returns), then any of the rare concepts. Only words whose title
 * counts add up to at most POSTINGS_MAX are read this way. Without statistics, any concept (a small table).
 */
function indexQueries(concepts: Weighed[], counted: boolean): string[] {
  if (!counted) return concepts.length ? [concepts.map(quoted).join(" | ")] : [];
  const out: string[] = [];
  const [a, b] = concepts;
  if (a && b && a.bound + b.bound <= POSTINGS_MAX && a.df > FETCH) out.push(`${quoted(a)} & ${quoted(b)}`);
  const rare: Weighed[] = [];
  let entries = 0;
  for (const t of concepts) {
    if (entries + t.bound > POSTINGS_MAX) break;
    rare.push(t);
    entries += t.bound;
  }
  if (rare.length) out.push(rare.map(quoted).join(" | "));
  return out;
}

/** Up to FETCH visible articles other than `exceptId` whose title matches, in heap order (the index's bitmap, no sort). */
async function matching(tx: Tx, query: string, exceptId: number): Promise<Candidate[]> {
  const where: SQL = sql`title_vector @@ to_tsquery('simple', ${query}) and hidden_at is null and id <> ${exceptId}`;
  const { rows } = await tx.execute<Row>(sql`select ${COLUMNS} from articles where ${where} limit ${FETCH}`);
  return rows.map(toCandidate("words"));
}

const toCandidate =
  (reason: RelatedArticle["reason"]) =>
  (r: Row): Candidate => ({
    id: Number(r.id),
    title: r.title,
    searchTitle: r.search_title,
    platformName: r.platform_name,
    sourcePlatform: r.source_platform,
    publishedAt: new Date(r.published_at),
    hot: Number(r.hot ?? 0),
    reason,
  });

/**
 * The visible articles among the WINDOW collected just before the source (ids below it: a primary-key range,
 * neighbouring heap pages) whose title holds any of the terms ("words") or that share its platform
 * ("platform"), nearest first, at most NEARBY_ROWS.
 */
async function nearby(db: Db, source: Source, terms: Weighed[]): Promise<Candidate[]> {
  const query = [...new Set(terms.map(quoted))].join(" | ");
  const shares = query ? sql`title_vector @@ to_tsquery('simple', ${query})` : sql`false`;
  const samePlatform = source.platformName ? sql`platform_name = ${source.platformName}` : sql`false`;
  if (!query && !source.platformName) return [];
  const { rows } = await db.execute<Row & { shares: boolean }>(sql`
    select ${COLUMNS}, ${shares} as shares from articles
    where id < ${source.id} and id >= ${source.id - WINDOW} and hidden_at is null and (${shares} or ${samePlatform})
    order by id desc limit ${NEARBY_ROWS}`);
  return rows.map((r) => toCandidate(r.shares ? "words" : "platform")(r));
}

const visibleExcept = (except: number[]) => sql`hidden_at is null and id <> all(${sql`array[${sql.join(except.map((e) => sql`${e}`), sql`, `)}]::int[]`})`;

/**
 * The visible articles sharing `column`'s value with the source (its platform, its feed source) published just
 * before it (then just after, for the oldest), through that column's (value, published_at) index: a bounded index
 * range, newest first.
 */
async function timeNeighbours(db: Db, source: Source, column: "platform_name" | "feed_source_id", value: string | number | null, reason: "platform" | "source", n: number, except: number[]) {
  if (value === null || n < 1) return [];
  const at = source.publishedAt.toISOString();
  const col = sql.raw(column);
  const older = await db.execute<Row>(sql`
    select ${COLUMNS} from articles
    where ${col} = ${value} and (published_at, id) < (${at}::timestamptz, ${source.id}) and ${visibleExcept(except)}
    order by published_at desc nulls last, id desc nulls last limit ${n}`);
  const out = older.rows.map(toCandidate(reason));
  if (out.length >= n) return out;
  const newer = await db.execute<Row>(sql`
    select ${COLUMNS} from articles
    where ${col} = ${value} and (published_at, id) > (${at}::timestamptz, ${source.id}) and ${visibleExcept(except)}
    order by published_at nulls last, id nulls last limit ${n - out.length}`);
  return [...out, ...newer.rows.map(toCandidate(reason))];
}

const platformNeighbours = (db: Db, source: Source, n: number, except: number[]) => timeNeighbours(db, source, "platform_name", source.platformName, "platform", n, except);
const sourceNeighbours = (db: Db, source: Source, n: number, except: number[]) => timeNeighbours(db, source, "feed_source_id", source.feedSourceId, "source", n, except);

/**
 * The hottest visible articles published the same China-time day as the source: at most DAY_ROWS of that day read
 * through articles_published_idx (a bounded range), ranked by their hot score.
 */
async function sameDay(db: Db, source: Source, except: number[]): Promise<Candidate[]> {
  const start = chinaDayStartOf(chinaDay(source.publishedAt));
  const end = new Date(start.getTime() + 86_400_000);
  const { rows } = await db.execute<Row>(sql`
    select ${COLUMNS} from articles
    where published_at >= ${start.toISOString()}::timestamptz and published_at < ${end.toISOString()}::timestamptz and ${visibleExcept(except)}
    order by published_at desc nulls last, id desc nulls last limit ${DAY_ROWS}`);
  return rows.map(toCandidate("day")).sort((a, b) => b.hot - a.hot || b.id - a.id);
}

/** The site's hottest visible articles (articles_hot_idx). */
async function hottest(db: Db, n: number, except: number[]): Promise<Candidate[]> {
  const { rows } = await db.execute<Row>(sql`select ${COLUMNS} from articles where ${visibleExcept(except)} order by hot_score desc nulls last, id desc nulls last limit ${n}`);
  return rows.map(toCandidate("hot"));
}
