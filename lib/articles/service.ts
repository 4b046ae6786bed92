import "server-only";
// The feed's rules: anonymous visitors see page 1 only (SPEC section 6).
import { noteSearch } from "@/lib/admin/activity-log";
import { ApiError } from "@/lib/api/errors";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { MSG } from "@/lib/messages";
import { getArticleById, listArticles, type Page } from "./queries";
import { SEARCH_RESULT_WINDOW } from "./constants";
import { hybridSearch, type SearchMode } from "./hybrid-search";
import { searchGate } from "./search-gate";
import type { ListQuery, SearchQuery } from "./schema";
import { toApiArticle, type ApiArticle } from "./serialize";
import { visitorFeedPage } from "./visitor-feed";


/** The signed-in caller, or null for a visitor. */
type Viewer = { userId: number } | null;

export async function getFeedPage({ query, viewer = null }: { query: ListQuery; viewer?: Viewer }): Promise<Page<ApiArticle>> {
  if (query.page > 1 && !viewer) throw new ApiError("unauthorized", MSG.moreNeedsLogin);
  const reader = viewer ? { userId: viewer.userId, excludeRead: query.exclude_read } : null;
  const page = await listArticles({ db: await getDb(), page: query.page, limit: query.limit, reader });
  return { items: page.items.map(toApiArticle), total: page.total };
}

/** The feed's answer `{ data: { items, total } }` as JSON text: a visitor's page 1 from its cache, the rest from the query. */
export async function getFeedPageJson({ query, viewer = null }: { query: ListQuery; viewer?: Viewer }): Promise<string> {
  if (!viewer && query.page === 1) return visitorFeedPage(query.limit);
  return JSON.stringify({ data: await getFeedPage({ query, viewer }) });
}

export type ApiSearchPage = Page<ApiArticle> & { total_is_estimate: boolean; mode: SearchMode };

/**
 * A search page; `mode` says whether embeddings took part ("hybrid") or full-text answered alone, and
 * `total_is_estimate` whether more than 10,000 matched (the total is then estimated). Pages reach the
 * first SEARCH_RESULT_WINDOW results.
 */
export async function getSearchPage({ query, viewer = null }: { query: SearchQuery; viewer?: Viewer }): Promise<ApiSearchPage> {
  if (query.page > 1 && !viewer) throw new ApiError("unauthorized", MSG.moreSearchNeedsLogin);
  if (query.page * query.limit > SEARCH_RESULT_WINDOW) throw new ApiError("bad_request", MSG.searchTooDeep);
  const reader = viewer ? { userId: viewer.userId, excludeRead: query.exclude_read } : null;
  const db = await getDb();
  const page = await searchGate(getConfig().SEARCH_CONCURRENCY).run(() => hybridSearch({ db, keyword: query.keyword, page: query.page, limit: query.limit, reader }));
  // The console's overview: the keyword and how many it found, per day (page 1 only; no one's id).
  noteSearch({ keyword: query.keyword, results: page.total, page: query.page });
  return { items: page.items.map(toApiArticle), total: page.total, total_is_estimate: page.totalIsEstimate, mode: page.mode };
}

/** One article for its permalink, or null when the id is unknown or malformed. */
export async function findArticle(id: string): Promise<ApiArticle | null> {
  if (!/^\d{1,9}$/.test(id)) return null;
  const row = await getArticleById({ db: await getDb(), id: Number(id) });
  return row ? toApiArticle(row) : null;
}
