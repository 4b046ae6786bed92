import { methodNotAllowed, route } from "@/lib/api/route";
import { parseSitemapFile, sitemapResponse, sitemaps } from "@/lib/seo/sitemaps";
import { z } from "@/lib/zod";

export const dynamic = "force-dynamic";

const params = z.object({ file: z.string() });

// GET /sitemaps/{k}.xml, /sitemaps/pages.xml – one sitemap file: the visible articles with ids in [k·50000, (k+1)·50000), or the site's pages (404 for any other name)
export const GET = route({ params }, async ({ req, params }) => {
  const file = parseSitemapFile(params.file);
  return sitemapResponse(req, file === null ? null : await (await sitemaps()).file(file));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed({ GET });
