import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/site";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: ["/api/", "/login", "/register", "/profile", "/likes", "/favorites", "/history", "/summary-history", "/summary-progress", "/digest", "/feeds/digest/"],
    },
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
