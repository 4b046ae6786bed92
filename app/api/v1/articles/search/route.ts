import { searchQuery } from "@/lib/articles/schema";
import { getSearchPage } from "@/lib/articles/service";
import { ok, route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// GET /api/v1/articles/search – full-text search of the feed: { data: { items, total } }
export const GET = route({ query: searchQuery }, async ({ query }) => ok(await getSearchPage({ query })));
