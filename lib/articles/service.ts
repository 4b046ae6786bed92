import "server-only";
// The feed's rules: anonymous visitors see page 1 only (SPEC section 6).
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { listArticles, searchArticles, type Page } from "./queries";
import type { ListQuery, SearchQuery } from "./schema";
import { toApiArticle, type ApiArticle } from "./serialize";

export const MORE_NEEDS_LOGIN = "登录后可查看更多内容";
export const MORE_SEARCH_NEEDS_LOGIN = "登录后可查看更多搜索结果";

/** Accounts arrive with the accounts issue; until then every caller is anonymous. */
type Viewer = { userId: number } | null;

export async function getFeedPage({ query, viewer = null }: { query: ListQuery; viewer?: Viewer }): Promise<Page<ApiArticle>> {
  if (query.page > 1 && !viewer) throw new ApiError("unauthorized", MORE_NEEDS_LOGIN);
  const page = await listArticles({ db: await getDb(), page: query.page, limit: query.limit });
  return { items: page.items.map(toApiArticle), total: page.total };
}

export async function getSearchPage({ query, viewer = null }: { query: SearchQuery; viewer?: Viewer }): Promise<Page<ApiArticle>> {
  if (query.page > 1 && !viewer) throw new ApiError("unauthorized", MORE_SEARCH_NEEDS_LOGIN);
  const page = await searchArticles({ db: await getDb(), keyword: query.keyword, page: query.page, limit: query.limit });
  return { items: page.items.map(toApiArticle), total: page.total };
}
