import type { Metadata } from "next";
import { digestDescription, SiteDigestPage } from "@/components/digest/site-digest-page";
import { getDb } from "@/lib/db";
import { latestSiteDigest, siteDigestDays } from "@/lib/digest/service";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const digest = await latestSiteDigest(await getDb());
  return {
    title: "全站精选",
    description: digestDescription(digest),
    // The latest day is its own page: search engines index the day pages, which never change.
    alternates: { canonical: `/daily/${digest.date}`, types: { "application/rss+xml": "/daily/feed.xml", "application/atom+xml": "/daily/atom.xml", "application/feed+json": "/daily/feed.json" } },
  };
}

export default async function LatestDailyPage() {
  const db = await getDb();
  const [digest, days] = await Promise.all([latestSiteDigest(db), siteDigestDays(db, 30)]);
  return <SiteDigestPage digest={digest} days={days} />;
}
