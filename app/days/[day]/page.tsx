import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Link } from "@/components/ui/link";
import { ListingView } from "@/components/article/listing-view";
import { JsonLd } from "@/components/seo/json-ld";
import { dayLabel, dayPath, listingHref, parseCursor, parseDay, type ListingCursor } from "@/lib/articles/listing-params";
import { listingPage, neighbourDays, type ListingScope } from "@/lib/articles/listings";
import { getDb } from "@/lib/db";
import { breadcrumbJsonLd } from "@/lib/seo/structured-data";
import { siteUrl } from "@/lib/site";

// Read once per request, for the metadata and the page alike (keys are strings: cache compares by value).
const pageOf = cache(async (scope: string, cursor: string) =>
  listingPage({ db: await getDb(), scope: JSON.parse(scope) as ListingScope, cursor: JSON.parse(cursor) as ListingCursor }),
);

type Props = { params: Promise<{ day: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The day (China time) and page asked for; null for a malformed or future day, a malformed cursor or a page past the end. */
async function load({ params, searchParams }: Props) {
  const day = parseDay((await params).day);
  const cursor = parseCursor(await searchParams);
  if (!day || cursor === undefined) return null;
  const page = await pageOf(JSON.stringify({ day }), JSON.stringify(cursor));
  return page ? { day, cursor, page } : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const found = await load(props);
  if (!found) return { title: "页面不存在", robots: { index: false } };
  const { day, cursor, page } = found;
  const base = dayPath(day);
  return {
    title: `${dayLabel(day)}发布的文章`,
    description: `拾阅收录的${dayLabel(day)}（北京时间）发布的文章，按发布时间从新到旧排列。`,
    alternates: { canonical: page.first ? base : listingHref(base, cursor) },
    robots: page.items.length === 0 || (cursor && "after" in cursor && !page.first) ? { index: false, follow: true } : undefined,
  };
}

export default async function DayListingPage(props: Props) {
  const found = await load(props);
  if (!found) notFound();
  const { day, page } = found;
  const base = dayPath(day);
  const days = await neighbourDays({ db: await getDb(), day });
  const previous = days.previous;
  const next = days.next && parseDay(days.next); // an article dated ahead of the clock opens no future day
  const label = dayLabel(day);
  return (
    <>
      <JsonLd data={breadcrumbJsonLd(siteUrl(), [{ name: "首页", path: "/" }, { name: label, path: base }])} />
      <ListingView
        heading={`${label}发布的文章`}
        intro={page.first ? "北京时间，按发布时间从新到旧排列" : "北京时间，按发布时间从新到旧排列 · 较早的文章"}
        base={base}
        page={page}
        crumbs={[{ name: "首页", href: "/" }, { name: label }]}
      >
        {previous || next ? (
          <nav aria-label="其他日期" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 text-sm">
            {next ? (
              <Link href={dayPath(next)} className="text-brand-600 hover:underline">
                后一个日期：{dayLabel(next)}
              </Link>
            ) : (
              <span />
            )}
            {previous ? (
              <Link href={dayPath(previous)} className="text-brand-600 hover:underline">
                前一个日期：{dayLabel(previous)}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </ListingView>
    </>
  );
}
