import { searchQuery } from "@/lib/articles/schema";
import { getSearchPage } from "@/lib/search/service";
import { methodNotAllowed, ok, route } from "@/lib/api/route";
import { MSG } from "@/lib/messages";

export const dynamic = "force-dynamic";

// GET /api/v1/articles/search – search of the feed: { data: { items, total } }. The X-Search-Mode header
// says "hybrid" when embeddings were fused in, "fulltext" when the local engine answered alone. Over the
// statement timeout: 503 with advice to narrow the keyword.
export const GET = route({ auth: "optional", query: searchQuery, timeoutDetail: MSG.searchTimeout }, async ({ query, user }) => {
  const { mode, ...page } = await getSearchPage({ query, viewer: user ? { userId: user.id } : null });
  return ok(page, { headers: { "x-search-mode": mode } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
