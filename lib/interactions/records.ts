import "server-only";
// What the three lists share: only a visible article can be liked, favourited or recorded (a hidden one is
// "not found", exactly like an unknown id, so hidden ids cannot be probed), writes that lose their article
// answer 404, a record's article carries the caller's like and favourite marks, and a record whose article
// an operator took down lists as a placeholder (title only, counters zero).
import { and, eq, isNull } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { columnsFor } from "@/lib/articles/queries";
import { toApiArticle, toUnavailableArticle, type ArticleRow, type ListedArticle } from "@/lib/articles/serialize";
import type { Db, Tx } from "@/lib/db/client";
import { foreignKeyViolation } from "@/lib/db/errors";
import { articles } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";

export type Paged<T> = { items: T[]; total: number };

/** The article columns with is_liked / is_favorited for `userId`, and whether it is taken down. */
export const recordArticleColumns = (userId: number) => ({ ...columnsFor({ userId, excludeRead: false }), hiddenAt: articles.hiddenAt });

/** A record's article: the article, or its placeholder when an operator took it down. */
export function listedArticle({ hiddenAt, ...row }: ArticleRow & { hiddenAt: Date | null }): ListedArticle {
  return hiddenAt ? toUnavailableArticle(row) : toApiArticle(row);
}

const notFound = () => new ApiError("not_found", MSG.articleNotFound);

/** The article exists and is visible; a hidden one is "not found" as an unknown one is. */
export async function requireVisibleArticle(db: Db | Tx, articleId: number): Promise<void> {
  const [row] = await db.select({ id: articles.id }).from(articles).where(and(eq(articles.id, articleId), isNull(articles.hiddenAt)));
  if (!row) throw notFound();
}

/** Runs a write that references an article; an article deleted meanwhile is a 404, not a 500. */
export async function onArticle<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (foreignKeyViolation(err)) throw notFound();
    throw err;
  }
}

type Counters = { likeCnt: number; favoriteCnt: number; viewCnt: number };

/**
 * The counters of a visible article after a write in `tx`. An article hidden meanwhile is a 404, which rolls
 * the write back (the hide committed first: the write's trigger waited for it and then saw it).
 */
export async function counters(tx: Db | Tx, articleId: number): Promise<Counters> {
  const [row] = await tx
    .select({ likeCnt: articles.likeCnt, favoriteCnt: articles.favoriteCnt, viewCnt: articles.viewCnt })
    .from(articles)
    .where(and(eq(articles.id, articleId), isNull(articles.hiddenAt)));
  if (!row) throw notFound();
  return row;
}

const NO_COUNTERS: Counters = { likeCnt: 0, favoriteCnt: 0, viewCnt: 0 };

/**
 * The counters after the caller removed their own record (`removed`: whether there was one). A reader may
 * always clean their list, a hidden article included, but its counters are not served (zero); a hidden
 * article the caller held no record of answers "not found", like an unknown one.
 */
export async function countersAfterRemoval(tx: Tx, articleId: number, removed: boolean): Promise<Counters> {
  const [row] = await tx
    .select({ likeCnt: articles.likeCnt, favoriteCnt: articles.favoriteCnt, viewCnt: articles.viewCnt, hiddenAt: articles.hiddenAt })
    .from(articles)
    .where(eq(articles.id, articleId));
  if (!row || (row.hiddenAt && !removed)) throw notFound();
  return row.hiddenAt ? NO_COUNTERS : { likeCnt: row.likeCnt, favoriteCnt: row.favoriteCnt, viewCnt: row.viewCnt };
}
