import "server-only";
// A search page as the API answers it: the visitor's page-1 rule, the result window, the search gate, and
// visitors' pages kept for a moment (visitor-cache.ts) — which the server's front door also answers before
// Next.js (kept-answer-slot.ts, lib/server/kept-searches.ts).
import { embeddingModel } from "@/lib/ai/embeddings";
import { ApiError } from "@/lib/api/errors";
import { SEARCH_RESULT_WINDOW } from "@/lib/articles/constants";
import type { Page } from "@/lib/articles/queries";
import { articlesVersion, sharedVersionReader } from "@/lib/articles/version";
import { searchQuery, type SearchQuery } from "@/lib/articles/schema";
import { toApiArticle, type ApiArticle } from "@/lib/articles/serialize";
import { getConfig } from "@/lib/config";
import { getDb, getReadDb, type Db } from "@/lib/db";
import { MSG } from "@/lib/messages";
import { announceSearch } from "./events";
import { searchGate } from "./gate";
import { hybridSearch, type SearchMode } from "./hybrid";
import { installKeptSearches, type KeptSearchAnswer } from "./kept-answer-slot";
import { createVisitorSearchCache, type VisitorSearchCache } from "./visitor-cache";

/** The signed-in caller, or null for a visitor. */
type Viewer = { userId: number } | null;
type Reader = { userId: number; excludeRead: boolean } | null;

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
  const db = await getReadDb(viewer);
  const search = () => searchPage(db, query, reader);
  // Visitors' pages are kept per embedding model (a page of the fused ranking is not one of full text alone);
  // a page answered by full text alone although a model is configured (it failed, or vectors are not
  // available) is not kept. Inside the gate: a page from memory still costs the event loop, and a crowd
  // queues for it too.
  const model = embeddingModel();
  const page = await searchGate(getConfig().SEARCH_CONCURRENCY).run(async () =>
    reader ? search() : visitorPages().page(visitorKey(query), await articlesVersion(db), search, (p) => (p.mode === "hybrid") === (model !== null)),
  );
  announceSearch({ keyword: query.keyword, results: page.total, page: query.page });
  return page;
}

async function searchPage(db: Db, query: SearchQuery, reader: Reader): Promise<ApiSearchPage> {
  const page = await hybridSearch({ db, keyword: query.keyword, page: query.page, limit: query.limit, reader });
  return { items: page.items.map(toApiArticle), total: page.total, total_is_estimate: page.totalIsEstimate, mode: page.mode };
}

/** A visitor's page is kept per embedding model, page size and keyword. */
const visitorKey = (query: SearchQuery) => `${embeddingModel() ?? ""}\n${query.limit}\n${query.keyword}`;

const g = globalThis as typeof globalThis & { __shiyueVisitorSearches?: VisitorSearchCache<ApiSearchPage> };

/** The process's kept visitor pages (on globalThis: the API's and the home page's bundles share them). */
const visitorPages = () => (g.__shiyueVisitorSearches ??= createVisitorSearchCache<ApiSearchPage>());

const answers = new WeakMap<ApiSearchPage, KeptSearchAnswer>();
/** A kept page as the API sends it (the route's `{ data }` without the mode, which goes in a header), made once. */
function answerOf(page: ApiSearchPage): KeptSearchAnswer {
  let answer = answers.get(page);
  if (!answer) {
    const { mode, ...data } = page;
    answers.set(page, (answer = { json: JSON.stringify({ data }), mode }));
  }
  return answer;
}

const keptVersion = sharedVersionReader(getDb);

/**
 * A visitor's search answered from a kept page, or null for the route to answer: parameters it would refuse,
 * page 2 and beyond (an account's), a page not kept or no longer current. Counted like the route's searches.
 */
export async function keptVisitorAnswer(params: URLSearchParams): Promise<KeptSearchAnswer | null> {
  const parsed = searchQuery.safeParse(Object.fromEntries(params));
  if (!parsed.success || parsed.data.page !== 1 || parsed.data.limit > SEARCH_RESULT_WINDOW) return null;
  const query = parsed.data;
  const page = visitorPages().peek(visitorKey(query), await keptVersion());
  if (!page) return null;
  announceSearch({ keyword: query.keyword, results: page.total, page: query.page });
  return answerOf(page);
}

installKeptSearches({ lookup: keptVisitorAnswer });
