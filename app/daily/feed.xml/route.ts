import { methodNotAllowed, route } from "@/lib/api/route";
import { siteDigestFeedResponse } from "@/lib/digest/feed-response";

export const dynamic = "force-dynamic";

// GET /daily/feed.xml – the site's 今日精选 of the last 30 days as a feed (304 on a matching ETag)
export const GET = route({}, ({ req }) => siteDigestFeedResponse("rss", req.headers.get("if-none-match")));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
