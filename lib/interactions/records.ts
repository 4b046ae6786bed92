import "server-only";
// What the three lists share: the article must exist, writes that lose their article answer 404, and a
// record's article carries the caller's like and favourite marks.
import { eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { columnsFor } from "@/lib/articles/queries";
import type { Db, Tx } from "@/lib/db/client";
import { foreignKeyViolation } from "@/lib/db/errors";
import { articles } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";

export type Paged<T> = { items: T[]; total: number };

/** The article columns with is_liked / is_favorited for `userId`. */
export const recordArticleColumns = (userId: number) => columnsFor({ userId, excludeRead: false });

export async function requireArticle(db: Db | Tx, articleId: number): Promise<void> {
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, articleId));
  if (!row) throw new ApiError("not_found", MSG.articleNotFound);
}

/** Runs a write that references an article; an article deleted meanwhile is a 404, not a 500. */
export async function onArticle<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (foreignKeyViolation(err)) throw new ApiError("not_found", MSG.articleNotFound);
    throw err;
  }
}

export async function counters(db: Db | Tx, articleId: number) {
  const [row] = await db
    .select({ likeCnt: articles.likeCnt, favoriteCnt: articles.favoriteCnt, viewCnt: articles.viewCnt })
    .from(articles)
    .where(eq(articles.id, articleId));
  if (!row) throw new ApiError("not_found", MSG.articleNotFound);
  return row;
}
