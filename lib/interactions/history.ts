import "server-only";
// Reading history: one row per user and article. Recording a read again moves it to the top (read_at)
// and counts a view (view_cnt by trigger, same statement). Time filters count whole days in China time
// (Asia/Shanghai, UTC+8 all year): today = since 00:00 today; week = the last 7 days including today;
// month = the last 30 days including today. A hidden article cannot be recorded (404, as for an unknown id).
import { and, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { ListedArticle } from "@/lib/articles/serialize";
import type { Db } from "@/lib/db/client";
import { articles, readHistory } from "@/lib/db/schema";
import { MSG } from "@/lib/messages";
import { interestStats, learn, unlearn } from "@/lib/recommendations/profile";
import { chinaDayStart } from "./history-groups";
import { counters, listedArticle, onArticle, recordArticleColumns, requireVisibleArticle, type Paged } from "./records";
import type { HistoryQuery } from "./schema";

const FILTER_DAYS = { today: 1, week: 7, month: 30 } as const;

export function historySince(filter: HistoryQuery["time_filter"], now: Date): Date | null {
  return filter === "all" ? null : chinaDayStart(now, FILTER_DAYS[filter] - 1);
}

export type ReadRecord = { id: number; read_timestamp: string; read_times: number; article: ListedArticle };

export async function recordRead({ db, userId, articleId }: { db: Db; userId: number; articleId: number }) {
  const stats = await interestStats(db);
  return onArticle(() =>
    db.transaction(async (tx) => {
      await requireVisibleArticle(tx, articleId);
      const [row] = await tx
        .insert(readHistory)
        .values({ userId, articleId })
        .onConflictDoUpdate({
          target: [readHistory.userId, readHistory.articleId],
          set: { readAt: sql`now()`, readTimes: sql`${readHistory.readTimes} + 1` },
        })
        .returning({ id: readHistory.id, readAt: readHistory.readAt, readTimes: readHistory.readTimes, firstReadAt: readHistory.firstReadAt });
      // The first reading teaches the reader's interests; reading again adds nothing.
      if (row.readTimes === 1) await learn(tx, stats, userId, [{ articleId, signal: "read", at: row.firstReadAt }]);
      return { id: row.id, read_timestamp: row.readAt.toISOString(), read_times: row.readTimes, view_cnt: (await counters(tx, articleId)).viewCnt };
    }),
  );
}

export async function listHistory({ db, userId, query: q, now = new Date() }: { db: Db; userId: number; query: HistoryQuery; now?: Date }): Promise<Paged<ReadRecord>> {
  const since = historySince(q.time_filter, now);
  const where: SQL | undefined = and(eq(readHistory.userId, userId), since ? gte(readHistory.readAt, since) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ recordId: readHistory.id, readAt: readHistory.readAt, readTimes: readHistory.readTimes, ...recordArticleColumns(userId) })
      .from(readHistory)
      .innerJoin(articles, eq(articles.id, readHistory.articleId))
      .where(where)
      .orderBy(desc(readHistory.readAt), desc(readHistory.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(readHistory).where(where),
  ]);
  return {
    items: rows.map(({ recordId, readAt, readTimes, ...article }) => ({
      id: recordId,
      read_timestamp: readAt.toISOString(),
      read_times: readTimes,
      article: listedArticle(article),
    })),
    total: Number(total),
  };
}

const removedReads = { articleId: readHistory.articleId, at: readHistory.firstReadAt };

/**
 * Deletes one of the caller's records (and what its reading taught their interests); someone else's record is
 * "not found" and stays untouched.
 */
export async function removeHistory({ db, userId, id }: { db: Db; userId: number; id: number }): Promise<{ id: number }> {
  const stats = await interestStats(db);
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(readHistory)
      .where(and(eq(readHistory.id, id), eq(readHistory.userId, userId)))
      .returning(removedReads);
    if (!gone.length) throw new ApiError("not_found", MSG.recordNotFound);
    await unlearn(tx, stats, userId, gone.map((r) => ({ ...r, signal: "read" })));
    return { id };
  });
}

export async function clearHistory({ db, userId }: { db: Db; userId: number }): Promise<{ deleted: number }> {
  const stats = await interestStats(db);
  return db.transaction(async (tx) => {
    const gone = await tx.delete(readHistory).where(eq(readHistory.userId, userId)).returning(removedReads);
    await unlearn(tx, stats, userId, gone.map((r) => ({ ...r, signal: "read" })));
    return { deleted: gone.length };
  });
}
