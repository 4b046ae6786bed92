import "server-only";
// Article reads: the feed in "hot" order (recency and engagement, an indexed stored score; see
// lib/db/schema.ts) with its maintained total, and full-text search over the
// jieba-segmented title and body (title weighted above body, exact title phrase first).
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles, siteCounters, users } from "@/lib/db/schema";
import { gramTokens, segmentWords } from "./search-text";
import type { ArticleRow } from "./serialize";

const articleColumns = {
  id: articles.id,
  title: articles.title,
  content: articles.content,
  summary: articles.summary,
  coverImage: articles.coverImage,
  authorName: articles.authorName,
  platformName: articles.platformName,
  sourcePlatform: articles.sourcePlatform,
  sourceUrl: articles.sourceUrl,
  publishedAt: articles.publishedAt,
  likeCnt: articles.likeCnt,
  commentCnt: articles.commentCnt,
  favoriteCnt: articles.favoriteCnt,
  viewCnt: articles.viewCnt,
};

export type Page<T> = { items: T[]; total: number };

/** Who is reading: their like/favourite marks are added, and `excludeRead` hides what they have read. */
export type Reader = { userId: number; excludeRead: boolean } | null;

/** The article columns plus, for a signed-in reader, is_liked / is_favorited (one query, no per-item calls). */
function columnsFor(reader: Reader) {
  if (!reader) return articleColumns;
  return {
    ...articleColumns,
    // Spelled out: inside select fields Drizzle would print the outer column unqualified.
    isLiked: sql<boolean>`exists(select 1 from likes l where l.user_id = ${reader.userId} and l.article_id = "articles"."id")`,
    isFavorited: sql<boolean>`exists(select 1 from favorites f where f.user_id = ${reader.userId} and f.article_id = "articles"."id")`,
  };
}

function unreadBy(reader: Reader): SQL | undefined {
  if (!reader?.excludeRead) return undefined;
  return sql`not exists(select 1 from read_history r where r.user_id = ${reader.userId} and r.article_id = "articles"."id")`;
}

export async function getArticleById({ db, id }: { db: Db; id: number }): Promise<ArticleRow | null> {
  const [row] = await db.select(articleColumns).from(articles).where(eq(articles.id, id));
  return row ?? null;
}

/** Ids and update times for the sitemap, newest first (a sitemap file holds at most 50,000 URLs). */
export async function listArticleUrls({ db, limit }: { db: Db; limit: number }) {
  return db
    .select({ id: articles.id, updatedAt: articles.updatedAt })
    .from(articles)
    .orderBy(sql`${articles.publishedAt} desc nulls last`, sql`${articles.id} desc nulls last`)
    .limit(limit);
}

/** Number of articles, from the trigger-maintained counter (no scan). */
export async function countArticles({ db }: { db: Db }): Promise<number> {
  const [row] = await db.select({ value: siteCounters.value }).from(siteCounters).where(eq(siteCounters.name, "articles"));
  return Number(row?.value ?? 0);
}

export async function listArticles({ db, page, limit, reader = null }: { db: Db; page: number; limit: number; reader?: Reader }): Promise<Page<ArticleRow>> {
  const total = async () => {
    const all = await countArticles({ db });
    if (!reader?.excludeRead) return all;
    // Maintained counts: every article minus the ones this reader has read (read_history rows).
    const [u] = await db.select({ readCount: users.readCount }).from(users).where(eq(users.id, reader.userId));
    return Math.max(all - (u?.readCount ?? 0), 0);
  };
  const [items, count] = await Promise.all([
    db
      .select(columnsFor(reader))
      .from(articles)
      .where(unreadBy(reader))
      // "nulls last" matches the index definition (drizzle's .desc() indexes are NULLS LAST).
      .orderBy(sql`${articles.hotScore} desc nulls last`, sql`${articles.id} desc nulls last`)
      .limit(limit)
      .offset((page - 1) * limit),
    total(),
  ]);
  return { items, total: count };
}

/** How many of the best full-text matches are re-ranked by the whole text (title and body, TOASTed). */
export const RERANK_WINDOW = 200;

/**
 * A keyword's words as a tsquery: every segmented word must match; the last one, when it is a Latin word,
 * also as a prefix ("postgre" finds PostgreSQL).
 */
export function keywordToTsquery(keyword: string): string | null {
  const words = [...new Set(segmentWords(keyword))].map((w) => w.replace(/['\\:&|!()<>*]/g, "")).filter(Boolean);
  if (!words.length) return null;
  const last = words.length - 1;
  return words.map((w, i) => (i === last && /^[a-z][a-z0-9]*$/.test(w) ? `'${w}':*` : `'${w}'`)).join(" & ");
}

/** The keyword as a phrase over title bigrams, or null when it is a single CJK character or has no letters. */
export function keywordToPhraseTsquery(keyword: string): string | null {
  const grams = gramTokens(keyword);
  if (!grams.length || (grams.length === 1 && [...grams[0]].length === 1)) return null;
  return grams.map((g) => `'${g}'`).join(" <-> ");
}

/**
 * Full-text search in two stages. Stage 1 orders every match by tiers read from small inline columns:
 * the keyword as a phrase of the title, then every word in the title, then title rank, then hot score;
 * its window count is the exact total. Stage 2 re-ranks the first RERANK_WINDOW of those by ts_rank_cd over
 * title (weight A) and body (weight B) within the same tiers. Pages past the window follow stage 1's order,
 * so no article is skipped or repeated between pages.
 */
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
  const words = keywordToTsquery(keyword);
  if (!words) return { items: [], total: 0 };
  const phrase = keywordToPhraseTsquery(keyword);
  const w = sql`to_tsquery('simple', ${words})`;
  const p = phrase ? sql`to_tsquery('simple', ${phrase})` : null;
  const isPhrase = p ? sql`(${articles.titleGrams} @@ ${p})` : sql`false`;
  const matches = p ? sql`(${articles.searchVector} @@ ${w} or ${articles.titleGrams} @@ ${p})` : sql`${articles.searchVector} @@ ${w}`;
  const inTitle = sql`(${articles.titleVector} @@ ${w})`;
  const offset = (page - 1) * limit;
  const reranked = offset + limit <= RERANK_WINDOW;

  const stage1 = db
    .select({
      id: articles.id,
      total: sql<number>`count(*) over ()`.as("total"),
      isPhrase: sql<boolean>`${isPhrase}`.as("is_phrase"),
      inTitle: sql<boolean>`${inTitle}`.as("in_title"),
      titleRank: sql<number>`ts_rank(${articles.titleVector}, ${w})`.as("title_rank"),
      hotScore: sql<number>`${articles.hotScore}`.as("hot"),
    })
    .from(articles)
    .where(and(matches, unreadBy(reader)))
    .orderBy(
      ...(p ? [sql`${isPhrase} desc`] : []),
      sql`${inTitle} desc`,
      sql`ts_rank(${articles.titleVector}, ${w}) desc`,
      sql`${articles.hotScore} desc nulls last`,
      sql`${articles.id} desc`,
    )
    .limit(reranked ? RERANK_WINDOW : limit)
    .offset(reranked ? 0 : offset)
    .as("ranked");

  const rank = reranked ? sql`ts_rank_cd(${articles.searchVector}, ${w})` : sql`${stage1.titleRank}`;
  const rows = await db
    .select({ ...columnsFor(reader), total: stage1.total })
    .from(stage1)
    .innerJoin(articles, eq(articles.id, stage1.id))
    .orderBy(
      sql`${stage1.isPhrase} desc`,
      sql`${stage1.inTitle} desc`,
      sql`${rank} desc`,
      sql`${stage1.hotScore} desc nulls last`,
      sql`${articles.id} desc`,
    )
    .limit(limit)
    .offset(reranked ? offset : 0);
  const total = rows.length ? Number(rows[0].total) : await countMatches();
  return { items: rows.map(({ total: _total, ...row }) => row), total };

  // A page past the end has no rows to carry the window count.
  async function countMatches() {
    if (page === 1) return 0;
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(articles).where(and(matches, unreadBy(reader)));
    return Number(n);
  }
}
