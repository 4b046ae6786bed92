import { methodNotAllowed, route } from "@/lib/api/route";
import { sitemapResponse, sitemaps } from "@/lib/seo/sitemaps";

export const dynamic = "force-dynamic";

// GET /sitemap.xml – the sitemap index: the site's pages and one file per id range with visible articles (304 on a matching ETag)
export const GET = route({}, async ({ req }) => sitemapResponse(req, await (await sitemaps()).index()));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
