import "server-only";
// Favourites: add (idempotent), remove (idempotent) and the caller's list. Title order is pinyin order
// (Intl.Collator zh-CN with ICU's pinyin collation, the same on every database; titles in Latin letters
// come after Chinese ones): the caller's favourites are sorted by title in the server, then the page is read. favorite_cnt moves with the rows (trigger, same transaction).
// A hidden article cannot be favourited (404, as for an unknown id); its favourite can still be removed.
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { ListedArticle } from "@/lib/articles/serialize";
import type { Db } from "@/lib/db/client";
import { articles, favorites } from "@/lib/db/schema";
import { interestStats, learn, unlearn } from "@/lib/recommendations/profile";
import { counters, countersAfterRemoval, listedArticle, onArticle, recordArticleColumns, requireVisibleArticle, type Paged } from "./records";
import type { FavoritesQuery } from "./schema";

export type FavoriteState = { is_favorited: boolean; favorite_cnt: number };

export async function addFavorite({ db, userId, articleId }: { db: Db; userId: number; articleId: number }): Promise<FavoriteState> {
  const stats = await interestStats(db);
  return onArticle(() =>
    db.transaction(async (tx) => {
      await requireVisibleArticle(tx, articleId);
      const added = await tx.insert(favorites).values({ userId, articleId }).onConflictDoNothing().returning({ at: favorites.createdAt });
      await learn(tx, stats, userId, added.map(({ at }) => ({ articleId, signal: "favorite", at })));
      return { is_favorited: true, favorite_cnt: (await counters(tx, articleId)).favoriteCnt };
    }),
  );
}

export async function removeFavorite({ db, userId, articleId }: { db: Db; userId: number; articleId: number }): Promise<FavoriteState> {
  const stats = await interestStats(db);
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.articleId, articleId)))
      .returning({ at: favorites.createdAt });
    await unlearn(tx, stats, userId, gone.map(({ at }) => ({ articleId, signal: "favorite", at })));
    return { is_favorited: false, favorite_cnt: (await countersAfterRemoval(tx, articleId, gone.length > 0)).favoriteCnt };
  });
}

export type FavoriteRecord = { id: number; created_at: string; article: ListedArticle };

const pinyin = new Intl.Collator("zh-CN-u-co-pinyin", { numeric: true, sensitivity: "base" });

/** The ids of one page of the caller's favourites in pinyin order of their titles (ties: newest first). */
async function idsByTitle(db: Db, userId: number, q: FavoritesQuery): Promise<number[]> {
  const all = await db
    .select({ id: favorites.id, title: articles.title })
    .from(favorites)
    .innerJoin(articles, eq(articles.id, favorites.articleId))
    .where(eq(favorites.userId, userId));
  all.sort((a, b) => pinyin.compare(a.title, b.title) || b.id - a.id);
  return all.slice((q.page - 1) * q.limit, q.page * q.limit).map((r) => r.id);
}

export async function listFavorites({ db, userId, query: q }: { db: Db; userId: number; query: FavoritesQuery }): Promise<Paged<FavoriteRecord>> {
  const select = () =>
    db
      .select({ recordId: favorites.id, favoritedAt: favorites.createdAt, ...recordArticleColumns(userId) })
      .from(favorites)
      .innerJoin(articles, eq(articles.id, favorites.articleId));
  let rows;
  if (q.sort === "title") {
    const ids = await idsByTitle(db, userId, q);
    const found = ids.length ? await select().where(and(eq(favorites.userId, userId), inArray(favorites.id, ids))) : [];
    const byId = new Map(found.map((r) => [r.recordId, r]));
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    const order = q.sort === "oldest" ? [asc(favorites.createdAt), asc(favorites.id)] : [desc(favorites.createdAt), desc(favorites.id)];
    rows = await select()
      .where(eq(favorites.userId, userId))
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
  }
  const [{ total }] = await db.select({ total: count() }).from(favorites).where(eq(favorites.userId, userId));
  return {
    items: rows.map(({ recordId, favoritedAt, ...article }) => ({ id: recordId, created_at: favoritedAt.toISOString(), article: listedArticle(article) })),
    total: Number(total),
  };
}
