import "server-only";
// Article reads: the newest-first feed with its maintained total, and full-text search over the
// jieba-segmented title and body (title weighted above body, exact title phrase first).
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles, siteCounters } from "@/lib/db/schema";
import { segmentWords } from "./search-text";
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

export async function getArticleById({ db, id }: { db: Db; id: number }): Promise<ArticleRow | null> {
  const [row] = await db.select(articleColumns).from(articles).where(eq(articles.id, id));
  return row ?? null;
}

/** Ids and update times for the sitemap, newest first (a sitemap file holds at most 50,000 URLs). */
export async function listArticleUrls({ db, limit }: { db: Db; limit: number }) {
  return db
    .select({ id: articles.id, updatedAt: articles.updatedAt })
    .from(articles)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}

/** Number of articles, from the trigger-maintained counter (no scan). */
export async function countArticles({ db }: { db: Db }): Promise<number> {
  const [row] = await db.select({ value: siteCounters.value }).from(siteCounters).where(eq(siteCounters.name, "articles"));
  return Number(row?.value ?? 0);
}

export async function listArticles({ db, page, limit }: { db: Db; page: number; limit: number }): Promise<Page<ArticleRow>> {
  const [items, total] = await Promise.all([
    db
      .select(articleColumns)
      .from(articles)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(limit)
      .offset((page - 1) * limit),
    countArticles({ db }),
  ]);
  return { items, total };
}

/** Words of a keyword as a tsquery: every word must match (prefix match on the last one). */
export function keywordToTsquery(keyword: string): string | null {
  const words = [...new Set(segmentWords(keyword))].map((w) => w.replace(/['\\:&|!()<>*]/g, "")).filter(Boolean);
  if (!words.length) return null;
  return words.map((w) => `'${w}'`).join(" & ");
}

export async function searchArticles({
  db,
  keyword,
  page,
  limit,
}: {
  db: Db;
  keyword: string;
  page: number;
  limit: number;
}): Promise<Page<ArticleRow>> {
  const tsquery = keywordToTsquery(keyword);
  if (!tsquery) return { items: [], total: 0 };
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const match = sql`${articles.searchVector} @@ ${query}`;
  const [items, [{ total }]] = await Promise.all([
    db
      .select(articleColumns)
      .from(articles)
      .where(match)
      .orderBy(
        desc(sql`(strpos(lower(${articles.title}), lower(${keyword})) > 0)`),
        desc(sql`ts_rank_cd(${articles.searchVector}, ${query})`),
        desc(articles.publishedAt),
        desc(articles.id),
      )
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(articles).where(match),
  ]);
  return { items, total: Number(total) };
}
