// A listing page (by platform, by day): heading, the articles as links to their permalinks, and plain
// <a href> links to the newer and older pages (rel prev/next), which crawlers and visitors alike may follow.
import { Link } from "@/components/ui/link";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { listingHref } from "@/lib/articles/listing-params";
import type { ListingItem, ListingPage } from "@/lib/articles/listings";
import { platformByKey, platformIconPath } from "@/lib/articles/platforms";
import { formatChineseDate } from "@/lib/format";
import { Breadcrumbs, type Crumb } from "./breadcrumbs";

type Props = {
  heading: string;
  intro: string;
  /** The listing's base path (/platforms/zhihu, /days/2026-11-27). */
  base: string;
  page: ListingPage;
  crumbs: Crumb[];
  /** More navigation under the pager (the day listings' previous and next days). */
  children?: React.ReactNode;
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function ListingEntry({ item }: { item: ListingItem }) {
  const platform = platformByKey(item.platformName)?.name ?? item.sourcePlatform;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base leading-snug font-semibold text-slate-900">
        <Link href={`/articles/${item.id}`} className="hover:text-brand-600">
          {item.title}
        </Link>
      </h2>
      {item.summary ? <p className="mt-1.5 line-clamp-2 text-sm text-slate-600">{item.summary}</p> : null}
      <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
        {/* eslint-disable-next-line @next/next/no-img-element -- 16px static icon */}
        <img src={platformIconPath(item.platformName)} alt="" width={16} height={16} loading="lazy" decoding="async" className="size-4" />
        <span>{item.authorName || "匿名用户"}</span>
        {platform ? <span>· {platform}</span> : null}
        <time dateTime={item.publishedAt.toISOString()} className="ml-auto">
          {formatChineseDate(seconds(item.publishedAt))}
        </time>
      </p>
    </li>
  );
}

export function ListingView({ heading, intro, base, page, crumbs, children }: Props) {
  const newer = page.first ? null : listingHref(base, page.newer);
  const older = page.older ? listingHref(base, page.older) : null;
  const pill = "inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm text-slate-700 hover:border-brand-500 hover:text-brand-600";
  return (
    <section aria-labelledby="listing-heading" className="flex flex-col gap-4">
      {/* Crawlers that read them (Bing) learn the order of the pages; browsers ignore them. React puts them in <head>. */}
      {newer ? <link rel="prev" href={newer} /> : null}
      {older ? <link rel="next" href={older} /> : null}
      <Breadcrumbs items={crumbs} />
      <header>
        <h1 id="listing-heading" className="text-xl font-bold text-slate-900">
          {heading}
        </h1>
        <p className="mt-1 text-sm text-slate-500">{intro}</p>
      </header>
      {page.items.length ? (
        <ol className="flex flex-col gap-3">
          {page.items.map((item) => (
            <ListingEntry key={item.id} item={item} />
          ))}
        </ol>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">这里还没有文章</p>
      )}
      {newer || older ? (
        <nav aria-label="翻页" className="flex items-center justify-between gap-3">
          {newer ? (
            <a href={newer} rel="prev" className={pill}>
              <ChevronLeft className="size-4" aria-hidden />
              较新的文章
            </a>
          ) : (
            <span />
          )}
          {older ? (
            <a href={older} rel="next" className={pill}>
              更早的文章
              <ChevronRight className="size-4" aria-hidden />
            </a>
          ) : null}
        </nav>
      ) : null}
      {children}
    </section>
  );
}
