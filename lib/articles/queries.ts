import "server-only";
// Article reads: the feed in "hot" order (recency and engagement, an indexed stored score; see
// lib/db/schema.ts) with its maintained total, single articles, and rows by id for search results. Articles an
// operator hid are in none of them (search never finds them either: their search text is emptied while
// hidden, lib/admin/articles.ts); articles an operator pinned open the feed's first page.
import { and, desc, eq, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { articles, siteCounters, users } from "@/lib/db/schema";
import type { ArticleRow } from "./serialize";

/** The columns an article is read with for the API (toApiArticle). */
export const articleColumns = {
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
export function columnsFor(reader: Reader) {
  if (!reader) return articleColumns;
  return {
    ...articleColumns,
    // Spelled out: inside select fields Drizzle would print the outer column unqualified.
    isLiked: sql<boolean>`exists(select 1 from likes l where l.user_id = ${reader.userId} and l.article_id = "articles"."id")`,
    isFavorited: sql<boolean>`exists(select 1 from favorites f where f.user_id = ${reader.userId} and f.article_id = "articles"."id")`,
  };
}

export function unreadBy(reader: Reader): SQL | undefined {
  if (!reader?.excludeRead) return undefined;
  return sql`not exists(select 1 from read_history r where r.user_id = ${reader.userId} and r.article_id = "articles"."id")`;
}

/** Visible to readers: not hidden by an operator. */
export const visible = () => isNull(articles.hiddenAt);

/** A visible article (a hidden one is null, as an unknown id is). */
export async function getArticleById({ db, id }: { db: Db; id: number }): Promise<ArticleRow | null> {
  const [row] = await db.select(articleColumns).from(articles).where(and(eq(articles.id, id), visible()));
  return row ?? null;
}

/** Number of visible articles, from the trigger-maintained counter (no scan; migrations 0001 and 0013). */
export async function countArticles({ db }: { db: Db }): Promise<number> {
  const [row] = await db.select({ value: siteCounters.value }).from(siteCounters).where(eq(siteCounters.name, "articles"));
  return Number(row?.value ?? 0);
}

/** The feed's total: every visible article, minus the ones the reader has read when they are left out. */
export async function feedTotal({ db, reader }: { db: Db; reader: Reader }): Promise<number> {
  const all = await countArticles({ db });
  if (!reader?.excludeRead) return all;
  // Maintained counts: every article minus the ones this reader has read (read_history rows).
  const [u] = await db.select({ readCount: users.readCount }).from(users).where(eq(users.id, reader.userId));
  return Math.max(all - (u?.readCount ?? 0), 0);
}

export async function listArticles({ db, page, limit, reader = null }: { db: Db; page: number; limit: number; reader?: Reader }): Promise<Page<ArticleRow>> {
  const total = () => feedTotal({ db, reader });
  const pinned = await pinnedArticles({ db, reader });
  // Pinned articles open page 1, for everyone (read or not); the hot order follows without them.
  const start = (page - 1) * limit;
  const shown = pinned.slice(start, start + limit);
  const hotOffset = Math.max(start - pinned.length, 0);
  const [hot, count] = await Promise.all([
    shown.length === limit
      ? []
      : db
          .select(columnsFor(reader))
          .from(articles)
          .where(and(visible(), notPinned(), unreadBy(reader)))
          // "nulls last" matches the index definition (drizzle's .desc() indexes are NULLS LAST).
          .orderBy(sql`${articles.hotScore} desc nulls last`, sql`${articles.id} desc nulls last`)
          .limit(limit - shown.length)
          .offset(hotOffset),
    total(),
  ]);
  return { items: [...shown, ...hot], total: count };
}

/** At most this many articles are pinned at once (the console refuses more). */
export const MAX_PINNED = 5;

const pinnedNow = () => and(sql`${articles.pinnedUntil} is not null`, gt(articles.pinnedUntil, sql`now()`));
/** Not pinned now (the hot order after the pinned articles). */
export const notPinned = () => or(isNull(articles.pinnedUntil), sql`${articles.pinnedUntil} <= now()`);

/** The visible articles pinned now, newest pin first (through the partial index articles_pinned_idx). */
export async function pinnedArticles({ db, reader = null }: { db: Db; reader?: Reader }): Promise<ArticleRow[]> {
  return db
    .select(columnsFor(reader))
    .from(articles)
    .where(and(pinnedNow(), visible()))
    .orderBy(desc(articles.pinnedAt))
    .limit(MAX_PINNED);
}

/** Articles by id, in the order of `ids` (unknown ids are left out). */
export async function articlesByIds({ db, ids, reader = null }: { db: Db; ids: number[]; reader?: Reader }): Promise<ArticleRow[]> {
  if (!ids.length) return [];
  const rows = await db.select(columnsFor(reader)).from(articles).where(inArray(articles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
