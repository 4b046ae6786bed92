import "server-only";
// What a digest is written from (docs/digest.md "How it is chosen"). A reader's: the articles collected since
// their last digest — the first one, or one after a quiet spell, looks back up to LOOKBACK_DAYS for at least
// MIN_CANDIDATES — first those of their strongest interests (each interest's hottest, through the title
// index as the feed finds them, lib/search/top-by-hot.ts), then the hottest they have not read. Never what
// they have read, liked or favourited, never a hidden article. The site's: the day's hottest collected
// articles, a quiet day topped up with the most recent ones. Every query is bounded by the candidates wanted,
// not by the collection.
import { and, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles } from "@/lib/db/schema";
import { countArticles, unreadBy, visible } from "@/lib/articles/queries";
import { termStats, type TermStats } from "@/lib/search/statistics";
import { topByHot } from "@/lib/search/top-by-hot";
import { interestTerms } from "@/lib/recommendations/terms";
import { LOOKBACK_DAYS, MAX_CANDIDATES, MIN_CANDIDATES } from "./constants";

/** Interests that bring candidates, and candidates per interest. */
export const INTERESTS_USED = 6;
export const PER_INTEREST = 4;
/** The start of the article's text read for its key sentence. */
const EXCERPT_CHARS = 1500;
const DAY_MS = 86_400_000;

export type Candidate = {
  id: number;
  title: string;
  summary: string | null;
  /** The start of the article's text (markdown), for the local engine's key sentence. */
  excerpt: string;
  platform: string | null;
  /** The article's interest labels (lib/recommendations/terms.ts). */
  labels: string[];
  /** The reader's interest that brought it; null: the hot order (or the site's digest). */
  interest: string | null;
};

const titleHolds = (term: string) => sql`${articles.titleVector} @@ to_tsquery('simple', ${`'${term.replace(/['\\]/g, "")}'`})`;
const notKeptBy = (userId: number) => sql`not exists(select 1 from likes l where l.user_id = ${userId} and l.article_id = "articles"."id")
  and not exists(select 1 from favorites f where f.user_id = ${userId} and f.article_id = "articles"."id")`;

/**
 * Where a reader's candidates start: `since` (their last digest) when at least MIN_CANDIDATES were collected
 * after it, else far enough back for that many, but never before LOOKBACK_DAYS.
 */
export async function windowStart(db: Db, since: Date | null, now: Date): Promise<Date> {
  const floor = new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS);
  if (since && since > floor) {
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (select 1 from articles where hidden_at is null and created_at > ${since} limit ${MIN_CANDIDATES}) s`);
    if (rows[0].n >= MIN_CANDIDATES) return since;
  }
  const [nth] = await db
    .select({ at: articles.createdAt })
    .from(articles)
    .where(and(visible(), gt(articles.createdAt, floor)))
    .orderBy(sql`${articles.createdAt} desc`)
    .offset(MIN_CANDIDATES - 1)
    .limit(1);
  // Just before the MIN_CANDIDATES-th newest, so that it is inside (created_at > start).
  return nth ? new Date(Math.min(nth.at.getTime() - 1, since && since > floor ? since.getTime() : Infinity)) : floor;
}

async function strongestInterests(db: Db, userId: number): Promise<string[]> {
  const { rows } = await db.execute<{ term: string }>(sql`
    select i.term from user_interests i join users u on u.id = i.user_id and u.personalized
    where i.user_id = ${userId} order by i.weight desc, i.term limit ${INTERESTS_USED}`);
  return rows.map((r) => r.term);
}

/** The candidates' rows in the order of `ids`, each with the interest that brought it. */
async function candidateRows(db: Db, stats: TermStats | null, ids: number[], interestOf: Map<number, string>): Promise<Candidate[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      summary: articles.summary,
      excerpt: sql<string>`left(coalesce(${articles.content}, ''), ${EXCERPT_CHARS})`,
      platform: articles.sourcePlatform,
      searchTitle: articles.searchTitle,
    })
    .from(articles)
    .where(and(inArray(articles.id, ids), visible()));
  const byId = new Map(rows.map(({ searchTitle, ...r }) => [r.id, { ...r, labels: interestTerms(stats, r.title, searchTitle), interest: interestOf.get(r.id) ?? null }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The hottest articles satisfying `where`, ids only. */
function hottest(db: Db, where: SQL | undefined, k: number): Promise<number[]> {
  return db
    .select({ id: articles.id })
    .from(articles)
    .where(where)
    .orderBy(sql`${articles.hotScore} desc nulls last`, sql`${articles.id} desc`)
    .limit(k)
    .then((rows) => rows.map((r) => r.id));
}

/** A reader's candidates collected after `start`: their interests' first, then the hot order's. */
export async function readerCandidates(db: Db, userId: number, start: Date): Promise<Candidate[]> {
  const reader = { userId, excludeRead: true };
  const open = and(visible(), gt(articles.createdAt, start), unreadBy(reader), notKeptBy(userId))!;
  const [interests, stats, total] = await Promise.all([strongestInterests(db, userId), termStats(db).catch(() => null), countArticles({ db })]);
  const col = stats?.columns.title_vector;
  const [found, hot] = await Promise.all([
    Promise.all(
      interests.map((term) =>
        topByHot(db, {
          where: and(titleHolds(term), open)!,
          k: PER_INTEREST,
          estimate: col && stats ? Math.round((col.freq.get(term) ?? col.floor) * stats.articles) : null,
          articles: total,
          reads: "inline",
        }),
      ),
    ),
    hottest(db, open, MAX_CANDIDATES),
  ]);
  const interestOf = new Map<number, string>();
  found.forEach((ids, i) => ids.forEach((id) => interestOf.has(id) || interestOf.set(id, interests[i])));
  const ids = [...new Set([...found.flat(), ...hot])].slice(0, MAX_CANDIDATES);
  return candidateRows(db, stats, ids, interestOf);
}

/**
 * The site's candidates for the China-time day [from, to): its hottest collected articles, topped up with the
 * most recent ones (collected before `to`) when fewer than MIN_CANDIDATES were collected that day.
 */
export async function siteCandidates(db: Db, from: Date, to: Date): Promise<Candidate[]> {
  const stats = await termStats(db).catch(() => null);
  const ids = await hottest(db, and(visible(), gte(articles.createdAt, from), lt(articles.createdAt, to)), MAX_CANDIDATES);
  if (ids.length < MIN_CANDIDATES) {
    const recent = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(visible(), lt(articles.createdAt, from), ids.length ? sql`${articles.id} <> all(${sql.param(ids)}::int[])` : undefined))
      .orderBy(sql`${articles.createdAt} desc`) // created_at alone: ties would sort a whole batch seeded at once
      .limit(MIN_CANDIDATES - ids.length);
    ids.push(...recent.map((r) => r.id));
  }
  return candidateRows(db, stats, ids, new Map());
}
