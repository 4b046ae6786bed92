import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { digestDescription, SiteDigestPage } from "@/components/digest/site-digest-page";
import { shortDayLabel } from "@/lib/china-time";
import { getDb } from "@/lib/db";
import { day } from "@/lib/digest/schema";
import { siteDigestDays, siteDigestOn } from "@/lib/digest/service";

// Read once per request, for the metadata and the page alike.
const digestOf = cache(async (date: string) => (day.safeParse(date).success ? siteDigestOn(await getDb(), date) : null));

type Props = { params: Promise<{ date: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const digest = await digestOf((await params).date);
  if (!digest) return { title: "页面不存在", robots: { index: false } };
  return {
    title: `全站精选 · ${shortDayLabel(digest.date)}`,
    description: digestDescription(digest),
    alternates: { canonical: `/daily/${digest.date}`, types: { "application/rss+xml": "/daily/feed.xml" } },
  };
}

export default async function DailyPage({ params }: Props) {
  const digest = await digestOf((await params).date);
  if (!digest) notFound();
  return <SiteDigestPage digest={digest} days={await siteDigestDays(await getDb(), 30)} />;
}
