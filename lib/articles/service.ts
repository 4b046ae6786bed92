import "server-only";
// The feed's rules: anonymous visitors see page 1 only (SPEC section 6).
import { ApiError } from "@/lib/api/errors";
import { getDb, getReadDb } from "@/lib/db";
import { MSG } from "@/lib/messages";
import { personalFeedPage } from "@/lib/recommendations/feed";
import { getArticleById, listArticles, type Page } from "./queries";
import type { ListQuery } from "./schema";
import { toApiArticle, type ApiArticle } from "./serialize";
import { visitorFeedPage } from "./visitor-feed";

/** The signed-in caller, or null for a visitor. */
type Viewer = { userId: number } | null;

export async function getFeedPage({ query, viewer = null }: { query: ListQuery; viewer?: Viewer }): Promise<Page<ApiArticle>> {
  if (query.page > 1 && !viewer) throw new ApiError("unauthorized", MSG.moreNeedsLogin);
  const reader = viewer ? { userId: viewer.userId, excludeRead: query.exclude_read } : null;
  const db = await getReadDb(viewer);
  const args = { db, page: query.page, limit: query.limit };
  // A signed-in reader's feed follows their interests when they have some (lib/recommendations/feed.ts).
  const page = (reader && (await personalFeedPage({ ...args, reader }))) || (await listArticles({ ...args, reader }));
  return { items: page.items.map(toApiArticle), total: page.total };
}

/** The feed's answer `{ data: { items, total } }` as JSON text: a visitor's page 1 from its cache, the rest from the query. */
export async function getFeedPageJson({ query, viewer = null }: { query: ListQuery; viewer?: Viewer }): Promise<string> {
  if (!viewer && query.page === 1) return visitorFeedPage(query.limit);
  return JSON.stringify({ data: await getFeedPage({ query, viewer }) });
}

/** One article for its permalink, or null when the id is unknown or malformed. */
export async function findArticle(id: string): Promise<ApiArticle | null> {
  if (!/^\d{1,9}$/.test(id)) return null;
  const row = await getArticleById({ db: await getDb(), id: Number(id) });
  return row ? toApiArticle(row) : null;
}
