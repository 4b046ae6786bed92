import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ListingView } from "@/components/article/listing-view";
import { JsonLd } from "@/components/seo/json-ld";
import { listingHref, parseCursor, type ListingCursor, platformPath } from "@/lib/articles/listing-params";
import { listingPage, type ListingScope } from "@/lib/articles/listings";
import { platformByKey } from "@/lib/articles/platforms";
import { getDb } from "@/lib/db";
import { breadcrumbJsonLd } from "@/lib/seo/structured-data";
import { siteUrl } from "@/lib/site";

// Read once per request, for the metadata and the page alike (keys are strings: cache compares by value).
const pageOf = cache(async (scope: string, cursor: string) =>
  listingPage({ db: await getDb(), scope: JSON.parse(scope) as ListingScope, cursor: JSON.parse(cursor) as ListingCursor }),
);

type Props = { params: Promise<{ key: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The platform and page asked for; null for an unknown platform, a malformed cursor or a page past the end. */
async function load({ params, searchParams }: Props) {
  const platform = platformByKey((await params).key);
  const cursor = parseCursor(await searchParams);
  if (!platform || cursor === undefined) return null;
  const page = await pageOf(JSON.stringify({ platform: platform.key }), JSON.stringify(cursor));
  return page ? { platform, cursor, page } : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const found = await load(props);
  if (!found) return { title: "页面不存在", robots: { index: false } };
  const { platform, cursor, page } = found;
  const base = platformPath(platform.key);
  return {
    title: page.first ? `${platform.name}上的文章` : `${platform.name}上的文章（较早）`,
    description: `拾阅收录的${platform.name}文章，按发布时间从新到旧排列。`,
    // The first page has one address; an `after` page repeats articles a `before` page shows (see docs/seo.md).
    alternates: { canonical: page.first ? base : listingHref(base, cursor) },
    robots: page.items.length === 0 || (cursor && "after" in cursor && !page.first) ? { index: false, follow: true } : undefined,
  };
}

export default async function PlatformListingPage(props: Props) {
  const found = await load(props);
  if (!found) notFound();
  const { platform, page } = found;
  const base = platformPath(platform.key);
  return (
    <>
      <JsonLd data={breadcrumbJsonLd(siteUrl(), [{ name: "首页", path: "/" }, { name: platform.name, path: base }])} />
      <ListingView
        heading={`${platform.name}上的文章`}
        intro={page.first ? "按发布时间从新到旧排列" : "按发布时间从新到旧排列 · 较早的文章"}
        base={base}
        page={page}
        crumbs={[{ name: "首页", href: "/" }, { name: platform.name }]}
      />
    </>
  );
}
