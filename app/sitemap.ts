import type { MetadataRoute } from "next";
import { listArticleUrls } from "@/lib/articles/queries";
import { getDb } from "@/lib/db";
import { siteUrl } from "@/lib/site";

export const dynamic = "force-dynamic";

/** Home, about and the newest 49,998 article permalinks (one sitemap file holds 50,000 URLs). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = siteUrl();
  const rows = await listArticleUrls({ db: await getDb(), limit: 49_998 });
  return [
    { url: `${base}/`, changeFrequency: "hourly", priority: 1 },
    { url: `${base}/about`, changeFrequency: "monthly", priority: 0.5 },
    ...rows.map((r) => ({ url: `${base}/articles/${r.id}`, lastModified: r.updatedAt, changeFrequency: "weekly" as const, priority: 0.7 })),
  ];
}
