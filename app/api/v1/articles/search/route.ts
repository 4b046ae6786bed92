import { searchQuery } from "@/lib/articles/schema";
import { getSearchPage } from "@/lib/articles/service";
import { ok, route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// GET /api/v1/articles/search – full-text search of the feed: { data: { items, total } }
export const GET = route({ auth: "optional", query: searchQuery }, async ({ query, user }) =>
  ok(await getSearchPage({ query, viewer: user ? { userId: user.id } : null })),
);
