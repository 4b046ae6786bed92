import "server-only";
// The signed-in feed (`GET /api/v1/articles/?exclude_read=true`, the home page) personalised by the reader's
// interests (profile.ts; docs/recommendations.md). Page 1, after the pinned articles:
//
// - candidates: for each of the reader's INTERESTS_USED strongest interests, the PER_INTEREST hottest unread
//   visible articles whose title holds the word and that the reader has not liked or favourited
//   (top-by-hot.ts: a walk down the hot index that stops, or the title index's bitmap for a rare word —
//   bounded by the page, not by the collection), with an embedding model the articles nearest the reader's
//   vector (pgvector's index), and the first HOT_WINDOW pages' worth of the hot order;
// - the page (compose.ts): a share of it from the hot order (discovery), the rest shared among the interests
//   by their weights, each article saying why it is there (因为你喜欢「…」 / 热门).
//
// Pages after the first are the hot order without page 1's articles: every unread article appears once,
// on page 1 or in its hot place after it. A reader without interests, or with personalisation off, gets
// exactly the hot order (listArticles).
import { and, eq, inArray, sql } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { articles, userVectors } from "@/lib/db/schema";
import { errorMessage, log } from "@/lib/log";
import { articlesByIds, feedTotal, notPinned, pinnedArticles, unreadBy, visible, type Page, type Reader } from "@/lib/articles/queries";
import type { ArticleRow } from "@/lib/articles/serialize";
import { termStats, type TermStats } from "@/lib/search/statistics";
import { topByHot } from "@/lib/search/top-by-hot";
import { nearestArticles, vectorSearchAvailable } from "@/lib/search/vectors";
import { composeFirstPage, type Candidate, type CandidateGroup, type Pick } from "./compose";
import { FORGOTTEN, scaleAt } from "./profile";
import { interestTerms } from "./terms";

/** Interests that bring candidates (the strongest). */
export const INTERESTS_USED = 6;
/** Candidates per interest. */
export const PER_INTEREST = 12;
/** The hot order's articles read for discovery and filling, per place on page 1. */
export const HOT_WINDOW = 3;
/** The neighbours of the reader's vector weigh as an interest this share of the strongest word. */
export const SIMILAR_SHARE = 0.5;

type Interest = { term: string; weight: number };

/** The reader's strongest interests when personalisation is on (none when it is off). */
async function strongestInterests(db: Db, userId: number): Promise<Interest[]> {
  const { rows } = await db.execute<{ term: string; weight: number }>(sql`
    select i.term, i.weight from user_interests i join users u on u.id = i.user_id and u.personalized
    where i.user_id = ${userId} order by i.weight desc, i.term limit ${INTERESTS_USED}`);
  return rows.map((r) => ({ term: r.term, weight: Number(r.weight) }));
}

const titleHolds = (term: string) => sql`${articles.titleVector} @@ to_tsquery('simple', ${`'${term.replace(/['\\]/g, "")}'`})`;

/** Not liked or favourited by the reader: what they already keep is not recommended to them again. */
const notKeptBy = (userId: number) => sql`not exists(select 1 from likes l where l.user_id = ${userId} and l.article_id = "articles"."id")
  and not exists(select 1 from favorites f where f.user_id = ${userId} and f.article_id = "articles"."id")`;

/** The hottest unread, visible, unpinned articles holding `term` in their title that the reader does not keep. */
function interestCandidates(db: Db, stats: TermStats | null, reader: NonNullable<Reader>, term: string): Promise<number[]> {
  const share = stats?.columns.title_vector ? (stats.columns.title_vector.freq.get(term) ?? stats.columns.title_vector.floor) : null;
  return topByHot(db, {
    where: and(titleHolds(term), visible(), notPinned(), unreadBy(reader), notKeptBy(reader.userId))!,
    k: PER_INTEREST,
    estimate: share === null || !stats ? null : Math.round(share * stats.articles),
    articles: stats?.articles ?? 0,
    reads: "inline",
  });
}

/** The first `k` of the hot order (unread, visible, unpinned), without `except`, from `offset`. */
function hotIds(db: Db, reader: NonNullable<Reader>, k: number, offset = 0, except: number[] = []): Promise<{ id: number }[]> {
  return db
    .select({ id: articles.id })
    .from(articles)
    .where(and(visible(), notPinned(), unreadBy(reader), except.length ? sql`${articles.id} <> all(${sql.param(except)}::int[])` : undefined))
    .orderBy(sql`${articles.hotScore} desc nulls last`, sql`${articles.id} desc nulls last`)
    .limit(k)
    .offset(offset);
}

async function candidateRows(db: Db, stats: TermStats | null, ids: number[]): Promise<Map<number, Candidate>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      searchTitle: articles.searchTitle,
      hot: articles.hotScore,
      source: sql<string>`coalesce('feed ' || ${articles.feedSourceId}, 'author ' || ${articles.authorName}, 'article ' || ${articles.id})`,
    })
    .from(articles)
    .where(inArray(articles.id, ids));
  return new Map(rows.map(({ searchTitle, ...r }) => [r.id, { ...r, hot: r.hot ?? 0, words: interestTerms(stats, r.title, searchTitle) }]));
}

/**
 * With an embedding model configured (and vectors searchable here), the articles nearest the reader's vector
 * (user_vectors) that are unread, visible, unpinned and not kept by them, nearest first.
 */
async function similarCandidates(db: Db, reader: NonNullable<Reader>, now = Date.now()): Promise<number[]> {
  const { AI_EMBEDDING_MODEL: model, AI_EMBEDDING_MIN_SIMILARITY: minSimilarity } = getConfig();
  if (!model || !(await vectorSearchAvailable(db))) return [];
  const [row] = await db
    .select({ vector: userVectors.vector, weight: userVectors.weight })
    .from(userVectors)
    .where(and(eq(userVectors.userId, reader.userId), eq(userVectors.model, model)));
  if (!row || row.weight < FORGOTTEN * scaleAt(now)) return [];
  const norm = Math.hypot(...row.vector);
  if (!(norm > 0)) return [];
  const near = await nearestArticles({ db, model, vector: row.vector.map((x) => x / norm), limit: 2 * PER_INTEREST, minSimilarity, reader });
  if (!near.length) return [];
  const ids = near.map((n) => n.id);
  const open = new Set((await db.select({ id: articles.id }).from(articles).where(and(inArray(articles.id, ids), notPinned(), notKeptBy(reader.userId)))).map((r) => r.id));
  return ids.filter((id) => open.has(id)).slice(0, PER_INTEREST);
}

/** Page 1's picks for the reader with these interests, or null when the feed is the plain hot order (none, or off). */
async function firstPagePicks(db: Db, reader: NonNullable<Reader>, interests: Interest[], slots: number): Promise<Pick[] | null> {
  if (!interests.length || slots < 1) return null;
  const stats = await termStats(db).catch(() => null);
  const [found, similar, hot] = await Promise.all([
    Promise.all(interests.map((i) => interestCandidates(db, stats, reader, i.term))),
    similarCandidates(db, reader).catch((err: unknown) => {
      log.warn("similar_candidates_failed", { error: errorMessage(err) }); // the words still make the page
      return [];
    }),
    hotIds(db, reader, HOT_WINDOW * slots),
  ]);
  const hotList = hot.map((r) => r.id);
  const rows = await candidateRows(db, stats, [...new Set([...found.flat(), ...similar, ...hotList])]);
  const groups: CandidateGroup[] = interests.map((i, n) => ({ ...i, ids: found[n] }));
  // The neighbours count as an interest half as strong as the strongest word.
  if (similar.length) groups.push({ term: "", weight: SIMILAR_SHARE * interests[0].weight, ids: similar, reason: { kind: "similar" } });
  return composeFirstPage(slots, groups, hotList, rows);
}

/**
 * A page of the reader's personalised feed (exclude_read=true, personalisation on, some interests), or null
 * when it is the hot order as it always was (listArticles answers).
 */
export async function personalFeedPage({ db, page, limit, reader }: { db: Db; page: number; limit: number; reader: NonNullable<Reader> }): Promise<Page<ArticleRow> | null> {
  if (!reader.excludeRead) return null;
  // Read together: each is a round trip the page would otherwise wait for in turn.
  const [pinned, interests] = await Promise.all([pinnedArticles({ db, reader }), strongestInterests(db, reader.userId)]);
  if (pinned.length >= limit) return null; // pinned articles fill page 1 (a page smaller than the pins): the hot order
  const picks = await firstPagePicks(db, reader, interests, limit - pinned.length);
  if (!picks) return null;
  const total = feedTotal({ db, reader });
  if (page === 1) {
    const rows = await articlesByIds({ db, ids: picks.map((p) => p.id), reader });
    const reasons = new Map(picks.map((p) => [p.id, p.reason]));
    return { items: [...pinned, ...rows.map((r) => ({ ...r, reason: reasons.get(r.id) }))], total: await total };
  }
  const ids = (await hotIds(db, reader, limit, (page - 2) * limit, picks.map((p) => p.id))).map((r) => r.id);
  return { items: await articlesByIds({ db, ids, reader }), total: await total };
}
