import "server-only";
// Likes: toggle, unlike, status and the caller's list. like_cnt moves with the rows (trigger, same
// transaction; drizzle/0005_interaction_counters.sql). A hidden article cannot be liked and its status and
// counters are not served (404, as for an unknown id); its like can still be removed (DELETE).
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { ListedArticle } from "@/lib/articles/serialize";
import type { Db, Tx } from "@/lib/db/client";
import { articles, likes } from "@/lib/db/schema";
import { interestStats, learn, unlearn } from "@/lib/recommendations/profile";
import type { TermStats } from "@/lib/search/statistics";
import { counters, countersAfterRemoval, listedArticle, onArticle, recordArticleColumns, requireVisibleArticle, type Paged } from "./records";
import type { LikesQuery } from "./schema";

export type LikeAction = { action: "liked" | "unliked"; like_cnt: number };

/** Likes the article, or unlikes it when the caller already likes it. */
export async function toggleLike({ db, userId, articleId }: { db: Db; userId: number; articleId: number }): Promise<LikeAction> {
  return likeIn(db, userId, articleId, async (tx, stats, added) => {
    if (!added) await removeLike(tx, stats, userId, articleId);
    return added ? "liked" : "unliked";
  });
}

/**
 * Likes the article if the caller does not already (idempotent): what a like made offline is sent as, so a
 * replay after a lost answer never turns it into an unlike (lib/offline/sync.ts).
 */
export async function like({ db, userId, articleId }: { db: Db; userId: number; articleId: number }): Promise<LikeAction> {
  return likeIn(db, userId, articleId, async () => "liked");
}

/**
 * In one transaction: the visible article's like by the caller added (teaching their interests) unless it exists,
 * then `then` (told whether it was added) decides the action; the count after it.
 */
async function likeIn(
  db: Db,
  userId: number,
  articleId: number,
  then: (tx: Tx, stats: TermStats | null, added: boolean) => Promise<LikeAction["action"]>,
): Promise<LikeAction> {
  const stats = await interestStats(db);
  return onArticle(() =>
    db.transaction(async (tx) => {
      await requireVisibleArticle(tx, articleId);
      const added = await tx.insert(likes).values({ userId, articleId }).onConflictDoNothing().returning({ at: likes.createdAt });
      if (added.length) await learn(tx, stats, userId, [{ articleId, signal: "like", at: added[0].at }]);
      const action = await then(tx, stats, added.length > 0);
      return { action, like_cnt: (await counters(tx, articleId)).likeCnt };
    }),
  );
}

/** Removes the like if there is one (idempotent on a visible article; see countersAfterRemoval for a hidden one). */
export async function unlike({ db, userId, articleId }: { db: Db; userId: number; articleId: number }): Promise<LikeAction> {
  const stats = await interestStats(db);
  return db.transaction(async (tx) => {
    const removed = await removeLike(tx, stats, userId, articleId);
    return { action: "unliked", like_cnt: (await countersAfterRemoval(tx, articleId, removed)).likeCnt };
  });
}

/** Deletes the like and takes back what it taught the reader's interests; whether there was one. */
async function removeLike(tx: Tx, stats: TermStats | null, userId: number, articleId: number): Promise<boolean> {
  const gone = await tx.delete(likes).where(and(eq(likes.userId, userId), eq(likes.articleId, articleId))).returning({ at: likes.createdAt });
  await unlearn(tx, stats, userId, gone.map(({ at }) => ({ articleId, signal: "like", at })));
  return gone.length > 0;
}

export async function likeStatus({ db, userId, articleId }: { db: Db; userId: number; articleId: number }): Promise<{ is_liked: boolean }> {
  await requireVisibleArticle(db, articleId);
  const [row] = await db.select({ id: likes.id }).from(likes).where(and(eq(likes.userId, userId), eq(likes.articleId, articleId)));
  return { is_liked: Boolean(row) };
}

export type LikeRecord = { id: number; created_at: string; article: ListedArticle };

export async function listLikes({ db, userId, query: q }: { db: Db; userId: number; query: LikesQuery }): Promise<Paged<LikeRecord>> {
  const order = q.sort === "oldest" ? [asc(likes.createdAt), asc(likes.id)] : [desc(likes.createdAt), desc(likes.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ recordId: likes.id, likedAt: likes.createdAt, ...recordArticleColumns(userId) })
      .from(likes)
      .innerJoin(articles, eq(articles.id, likes.articleId))
      .where(eq(likes.userId, userId))
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(likes).where(eq(likes.userId, userId)),
  ]);
  return {
    items: rows.map(({ recordId, likedAt, ...article }) => ({ id: recordId, created_at: likedAt.toISOString(), article: listedArticle(article) })),
    total: Number(total),
  };
}
