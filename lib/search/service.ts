import "server-only";
// A search page as the API answers it: the visitor's page-1 rule, the result window, the search gate.
import { ApiError } from "@/lib/api/errors";
import { SEARCH_RESULT_WINDOW } from "@/lib/articles/constants";
import type { Page } from "@/lib/articles/queries";
import type { SearchQuery } from "@/lib/articles/schema";
import { toApiArticle, type ApiArticle } from "@/lib/articles/serialize";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { MSG } from "@/lib/messages";
import { announceSearch } from "./events";
import { searchGate } from "./gate";
import { hybridSearch, type SearchMode } from "./hybrid";

/** The signed-in caller, or null for a visitor. */
type Viewer = { userId: number } | null;

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
  announceSearch({ keyword: query.keyword, results: page.total, page: query.page });
  return { items: page.items.map(toApiArticle), total: page.total, total_is_estimate: page.totalIsEstimate, mode: page.mode };
}

