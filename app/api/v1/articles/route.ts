import { listQuery } from "@/lib/articles/schema";
import { getFeedPage } from "@/lib/articles/service";
import { visitorFeedPage } from "@/lib/articles/visitor-feed";
import { jsonText, methodNotAllowed, ok, route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// GET /api/v1/articles/ – one page of the feed, newest first: { data: { items, total } }
// (a visitor's page 1 comes from lib/articles/visitor-feed.ts; later pages without a session are 401)
export const GET = route({ auth: "optional", query: listQuery }, async ({ query, user }) =>
  !user && query.page === 1 ? jsonText(await visitorFeedPage(query.limit)) : ok(await getFeedPage({ query, viewer: user ? { userId: user.id } : null })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
