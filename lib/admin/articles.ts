import "server-only";
// The console's curation: hide and show, pin until a date, edit what a card shows, delete. Each change runs in
// one transaction with its audit record; the articles version and the article's own version move with it
// (triggers, migration 0013), so the caches, the feed, search, the sitemap and the permalink follow at once.
// Hiding empties the article's search text (search, its totals and the chat's retrieval then never see it) and
// showing it again rebuilds that text; likes, favourites and history rows stay either way. Records carry the
// article's title on both sides, for reading the log later (an unchanged key is not shown as a change).
import { and, eq, ne, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { platformByKey } from "@/lib/articles/platforms";
import { MAX_PINNED } from "@/lib/articles/queries";
import { announceArticles } from "@/lib/announce";
import { searchFieldsFor } from "@/lib/search/text";
import type { Db, Tx } from "@/lib/db/client";
import { articles, type Article } from "@/lib/db/schema";
import { audited, type Actor } from "./audit";

/** The longest a pin may last. */
export const MAX_PIN_DAYS = 366;

const EMPTY_SEARCH_TEXT = { searchTitle: "", searchBody: "", searchGrams: "" };

export async function lockArticle(tx: Tx, id: number): Promise<Article> {
  const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for("update");
  if (!row) throw new ApiError("not_found", "文章不存在或已被删除");
  return row;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Shows a hidden article to readers: its search text rebuilt, the counters, versions and caches following by the
 * triggers (migration 0013). The one path of 取消隐藏 and of approving a reader's article (lib/admin/review.ts).
 */
export async function showArticle(tx: Tx, a: Article, extra: Partial<Pick<Article, "reviewStatus" | "publishedAt">> = {}) {
  await tx.update(articles).set({ hiddenAt: null, ...searchFieldsFor(a), ...extra }).where(eq(articles.id, a.id));
}

export async function hideArticle({ db, actor, id }: { db: Db; actor: Actor; id: number }) {
  return audited(db, actor, async (tx) => {
    const a = await lockArticle(tx, id);
    if (a.hiddenAt) return { result: { changed: false, hidden_at: iso(a.hiddenAt) }, entry: null };
    const [u] = await tx.update(articles).set({ hiddenAt: new Date(), ...EMPTY_SEARCH_TEXT }).where(eq(articles.id, id)).returning({ hiddenAt: articles.hiddenAt });
    return {
      result: { changed: true, hidden_at: iso(u.hiddenAt) },
      entry: { action: "article.hide", objectType: "article", objectId: id, before: { hidden: false, title: a.title }, after: { hidden: true, title: a.title } },
    };
  });
}

/** 取消隐藏: the article is visible again, and announced to search engines once committed (lib/announce). */
export async function unhideArticle({ db, actor, id }: { db: Db; actor: Actor; id: number }) {
  const result = await audited(db, actor, async (tx) => {
    const a = await lockArticle(tx, id);
    if (!a.hiddenAt) return { result: { changed: false }, entry: null };
    // A reader's article waiting for (or refused by) review is published only by approving it.
    if (a.reviewStatus) throw new ApiError("conflict", "这篇文章来自读者的总结，须审核通过后才能发布");
    await showArticle(tx, a);
    return {
      result: { changed: true },
      entry: { action: "article.unhide", objectType: "article", objectId: id, before: { hidden: true, title: a.title }, after: { hidden: false, title: a.title } },
    };
  });
  if (result.changed) await announceArticles({ db, ids: [id] });
  return result;
}

export async function pinArticle({ db, actor, id, until, now = new Date() }: { db: Db; actor: Actor; id: number; until: Date; now?: Date }) {
  if (until.getTime() <= now.getTime()) throw new ApiError("bad_request", "置顶结束时间必须晚于现在");
  if (until.getTime() > now.getTime() + MAX_PIN_DAYS * 86_400_000) throw new ApiError("bad_request", `置顶最长 ${MAX_PIN_DAYS} 天`);
  return audited(db, actor, async (tx) => {
    const a = await lockArticle(tx, id);
    if (a.hiddenAt) throw new ApiError("conflict", "已隐藏的文章不能置顶，请先取消隐藏");
    const pinnedNow = a.pinnedUntil && a.pinnedUntil > now;
    if (pinnedNow && a.pinnedUntil!.getTime() === until.getTime()) return { result: { changed: false, pinned_until: iso(a.pinnedUntil) }, entry: null };
    if (!pinnedNow) {
      // Pins of two different articles at once: counted under one transaction-scoped lock, so the cap holds.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shiyue:pins'))`);
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(articles)
        .where(and(sql`${articles.pinnedUntil} is not null`, sql`${articles.pinnedUntil} > now()`, sql`${articles.hiddenAt} is null`, ne(articles.id, id)));
      if (n >= MAX_PINNED) throw new ApiError("conflict", `最多同时置顶 ${MAX_PINNED} 篇文章，请先取消一篇`);
    }
    const pinnedAt = pinnedNow ? a.pinnedAt : now;
    await tx.update(articles).set({ pinnedAt, pinnedUntil: until }).where(eq(articles.id, id));
    return {
      result: { changed: true, pinned_until: until.toISOString() },
      entry: {
        action: "article.pin",
        objectType: "article",
        objectId: id,
        before: { pinned_until: pinnedNow ? iso(a.pinnedUntil) : null, title: a.title },
        after: { pinned_until: until.toISOString(), title: a.title },
      },
    };
  });
}

export async function unpinArticle({ db, actor, id }: { db: Db; actor: Actor; id: number }) {
  return audited(db, actor, async (tx) => {
    const a = await lockArticle(tx, id);
    if (!a.pinnedUntil) return { result: { changed: false }, entry: null };
    await tx.update(articles).set({ pinnedAt: null, pinnedUntil: null }).where(eq(articles.id, id));
    return {
      result: { changed: true },
      entry: { action: "article.unpin", objectType: "article", objectId: id, before: { pinned_until: iso(a.pinnedUntil), title: a.title }, after: { pinned_until: null, title: a.title } },
    };
  });
}

export type ArticleEdit = { title?: string; summary?: string | null; platform?: string | null };

export async function editArticle({ db, actor, id, edit }: { db: Db; actor: Actor; id: number; edit: ArticleEdit }) {
  const platform = edit.platform === undefined ? undefined : edit.platform === null ? null : platformByKey(edit.platform);
  if (edit.platform && !platform) throw new ApiError("bad_request", `未知平台：${edit.platform}`);
  return audited(db, actor, async (tx) => {
    const a = await lockArticle(tx, id);
    const next = {
      title: edit.title ?? a.title,
      summary: edit.summary === undefined ? a.summary : edit.summary,
      platformName: platform === undefined ? a.platformName : (platform?.key ?? null),
      sourcePlatform: platform === undefined ? a.sourcePlatform : (platform?.name ?? null),
    };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (next.title !== a.title) [before.title, after.title] = [a.title, next.title];
    if (next.summary !== a.summary) [before.summary, after.summary] = [a.summary, next.summary];
    if (next.platformName !== a.platformName) [before.platform, after.platform] = [a.platformName, next.platformName];
    if (!Object.keys(after).length) return { result: { changed: false }, entry: null };
    // The search text follows the title and summary, unless the article is hidden (then it stays empty).
    const search = a.hiddenAt ? {} : searchFieldsFor({ title: next.title, summary: next.summary, content: a.content });
    await tx.update(articles).set({ ...next, ...search }).where(eq(articles.id, id));
    return { result: { changed: true }, entry: { action: "article.edit", objectType: "article", objectId: id, before, after } };
  });
}

export async function deleteArticle({ db, actor, id }: { db: Db; actor: Actor; id: number }) {
  return audited(db, actor, async (tx) => {
    const a = await lockArticle(tx, id);
    await tx.delete(articles).where(eq(articles.id, id));
    return {
      result: { deleted: true },
      entry: {
        action: "article.delete",
        objectType: "article",
        objectId: id,
        before: { title: a.title, source_url: a.sourceUrl, hidden: Boolean(a.hiddenAt) },
        after: null,
      },
    };
  });
}
