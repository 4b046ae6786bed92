import { methodNotAllowed, route } from "@/lib/api/route";
import { siteFeedResponse } from "@/lib/articles/site-feed";

export const dynamic = "force-dynamic";

// GET /feed.json – the newest 50 published articles as JSON Feed 1.1, full bodies in content_html (304 on a matching ETag)
export const GET = route({}, ({ req }) => siteFeedResponse({ kind: "json", ifNoneMatch: req.headers.get("if-none-match") }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
