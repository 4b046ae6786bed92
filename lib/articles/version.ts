import "server-only";
// site_counters('articles_version'): bumped by a trigger whenever articles are added, removed or have what a
// card shows edited (migration 0008), not when their counters move. The caches of what visitors see first
// (the feed's page 1, the home page) compare it on every request; one query answers every request that
// arrives while it is in flight. One article's own version (its permalink) is `articleVersion`.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { articles, siteCounters } from "@/lib/db/schema";

/** How long a cached page's counters (likes, favourites, views) may lag behind. */
export const COUNTERS_MAX_AGE_MS = 10_000;

export async function articlesVersion(db: Db): Promise<number> {
  const [row] = await db.select({ value: siteCounters.value }).from(siteCounters).where(eq(siteCounters.name, "articles_version"));
  return Number(row?.value ?? 0);
}

/** `articlesVersion` for many callers at once: concurrent calls share one query. */
export function sharedVersionReader(getDb: () => Promise<Db>): () => Promise<number> {
  let inFlight: Promise<number> | null = null;
  return () =>
    (inFlight ??= getDb()
      .then(articlesVersion)
      .finally(() => {
        inFlight = null;
      }));
}

/**
 * One article's version: `edited` is its updated_at, moved by a trigger whenever what its page shows is
 * edited (migration 0010), not when its counters move; `row` is the row version (xmin), which moves on
 * every update, counters included; `linkedVisible` is how many of the articles its page links to (`linked`:
 * the related articles) are still visible, so a takedown of one of them shows at once. Null when there is no
 * such article. One primary-key lookup that reads no TOASTed column, and one per linked article.
 */
export type ArticleVersion = { edited: string; row: string; linkedVisible: number };

export async function articleVersion(db: Db, id: number, linked: number[] = []): Promise<ArticleVersion | null> {
  const visibleLinks = linked.length
    ? sql<number>`(select count(*)::int from articles l where l.id = any(${sql.param(linked)}::int[]) and l.hidden_at is null)`
    : sql<number>`0`;
  const [found] = await db
    .select({ edited: sql<string>`${articles.updatedAt}::text`, row: sql<string>`${articles}.xmin::text`, linkedVisible: visibleLinks })
    .from(articles)
    .where(eq(articles.id, id));
  return found ? { ...found, linkedVisible: Number(found.linkedVisible) } : null;
}

/** `articleVersion` for many callers at once: concurrent calls for the same article and links share one query. */
export function sharedArticleVersionReader(getDb: () => Promise<Db>): (id: number, linked?: number[]) => Promise<ArticleVersion | null> {
  const inFlight = new Map<string, Promise<ArticleVersion | null>>();
  return (id, linked = []) => {
    const key = `${id} ${linked.join(",")}`;
    let query = inFlight.get(key);
    if (!query) {
      query = getDb()
        .then((db) => articleVersion(db, id, linked))
        .finally(() => inFlight.delete(key));
      inFlight.set(key, query);
    }
    return query;
  };
}
