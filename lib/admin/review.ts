import "server-only";
// The console's 待审核 queue: an article a reader adds from a summary (加入文章列表) is model-written text about a
// page of their choosing, so with USER_ARTICLES=review it is stored pending and hidden — out of every reader path
// as a takedown is (lib/admin/articles.ts) — until an operator approves it (published through the same path as
// 取消隐藏, dated the moment it is published) or rejects it (it stays hidden). Each decision is recorded in the
// audit log in its own transaction. The queue is read oldest first through the partial index articles_review_idx.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { announceArticles } from "@/lib/announce";
import { ApiError } from "@/lib/api/errors";
import { markdownToPlainText } from "@/lib/search/text";
import type { Db } from "@/lib/db/client";
import { articles, summaryTasks, users } from "@/lib/db/schema";
import { lockArticle, showArticle } from "./articles";
import { audited, type Actor } from "./audit";

/** Characters of the article's text shown in the queue. */
export const PREVIEW_CHARS = 300;

export type ReviewRow = {
  id: number;
  title: string;
  source_url: string;
  host: string;
  preview: string;
  created_at: string;
  /** The reader whose 加入文章列表 made the article (null once their account is deleted). */
  author: { id: number; account_name: string; display_name: string | null } | null;
  method: string | null;
};

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/** Articles waiting for review (the console's nav shows this number). */
export async function countPendingReview({ db }: { db: Db }): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(articles).where(eq(articles.reviewStatus, "pending"));
  return Number(n);
}

export async function listReviewQueue({ db, page, limit }: { db: Db; page: number; limit: number }): Promise<{ items: ReviewRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: articles.id,
        title: articles.title,
        sourceUrl: articles.sourceUrl,
        head: sql<string>`left(${articles.content}, ${PREVIEW_CHARS * 2})`,
        createdAt: articles.createdAt,
      })
      .from(articles)
      .where(eq(articles.reviewStatus, "pending"))
      .orderBy(asc(articles.createdAt), asc(articles.id))
      .limit(limit)
      .offset((page - 1) * limit),
    countPendingReview({ db }),
  ]);
  // Who asked: the first task that pointed at the article (later readers of the same page may point at it too).
  // Read through the summary tasks' index on the normalized URL, which is the article's source URL.
  const askers = rows.length
    ? await db
        .select({ articleId: summaryTasks.articleId, method: summaryTasks.method, userId: users.id, accountName: users.accountName, displayName: users.displayName })
        .from(summaryTasks)
        .innerJoin(users, eq(users.id, summaryTasks.userId))
        .where(and(inArray(summaryTasks.normalizedUrl, rows.map((r) => r.sourceUrl)), inArray(summaryTasks.articleId, rows.map((r) => r.id))))
        .orderBy(asc(summaryTasks.updatedAt), asc(summaryTasks.id))
    : [];
  const first = new Map<number, (typeof askers)[number]>();
  for (const a of askers) if (a.articleId !== null && !first.has(a.articleId)) first.set(a.articleId, a);
  return {
    items: rows.map((r) => {
      const asker = first.get(r.id);
      return {
        id: r.id,
        title: r.title,
        source_url: r.sourceUrl,
        host: hostOf(r.sourceUrl),
        preview: markdownToPlainText(r.head ?? "").replace(/\s+/g, " ").trim().slice(0, PREVIEW_CHARS),
        created_at: r.createdAt.toISOString(),
        author: asker ? { id: asker.userId, account_name: asker.accountName, display_name: asker.displayName } : null,
        method: asker?.method ?? null,
      };
    }),
    total,
  };
}

/**
 * Publishes a reader's article (pending, or rejected earlier): visible at once, dated now, and announced to search
 * engines once committed (lib/announce). Idempotent.
 */
export async function approveArticle({ db, actor, id, now = new Date() }: { db: Db; actor: Actor; id: number; now?: Date }) {
  const result = await audited(db, actor, async (tx) => {
    const a = await lockArticle(tx, id);
    if (!a.reviewStatus) {
      if (!a.hiddenAt) return { result: { changed: false }, entry: null };
      throw new ApiError("conflict", "这篇文章不在待审核中；它已被隐藏，可在文章列表中取消隐藏");
    }
    await showArticle(tx, a, { reviewStatus: null, publishedAt: now });
    return {
      result: { changed: true },
      entry: { action: "article.approve", objectType: "article", objectId: id, before: { review_status: a.reviewStatus, title: a.title }, after: { review_status: null, title: a.title } },
    };
  });
  if (result.changed) await announceArticles({ db, ids: [id] });
  return result;
}

/** Refuses a pending reader's article: it stays hidden, out of the queue. Idempotent. */
export async function rejectArticle({ db, actor, id }: { db: Db; actor: Actor; id: number }) {
  return audited(db, actor, async (tx) => {
    const a = await lockArticle(tx, id);
    if (a.reviewStatus === "rejected") return { result: { changed: false }, entry: null };
    if (a.reviewStatus !== "pending") throw new ApiError("conflict", "这篇文章不在待审核中；已发布的文章可在文章列表中隐藏");
    await tx.update(articles).set({ reviewStatus: "rejected" }).where(eq(articles.id, id));
    return {
      result: { changed: true },
      entry: { action: "article.reject", objectType: "article", objectId: id, before: { review_status: "pending", title: a.title }, after: { review_status: "rejected", title: a.title } },
    };
  });
}
