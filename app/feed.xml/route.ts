import { methodNotAllowed, route } from "@/lib/api/route";
import { siteFeedResponse } from "@/lib/articles/site-feed";

export const dynamic = "force-dynamic";

// GET /feed.xml – the newest 50 published articles as RSS 2.0, full bodies in content:encoded (304 on a matching ETag)
export const GET = route({}, ({ req }) => siteFeedResponse({ kind: "rss", ifNoneMatch: req.headers.get("if-none-match") }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
