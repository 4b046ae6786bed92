// /daily and /daily/{day}: the site's digest for everyone, with the neighbouring days and its feeds.
import { Link } from "@/components/ui/link";
import { Rss } from "lucide-react";
import { Breadcrumbs } from "@/components/article/breadcrumbs";
import { JsonLd } from "@/components/seo/json-ld";
import { shortDayLabel } from "@/lib/china-time";
import type { DigestView } from "@/lib/digest/service";
import { breadcrumbJsonLd } from "@/lib/seo/structured-data";
import { siteUrl } from "@/lib/site";
import { DigestHeader, DigestSections } from "./digest-view";
import { DigestHistory } from "./digest-history";

export function SiteDigestPage({ digest, days }: { digest: DigestView; days: { date: string }[] }) {
  const label = `全站精选 · ${shortDayLabel(digest.date)}`;
  return (
    <section className="flex flex-col gap-4">
      <JsonLd data={breadcrumbJsonLd(siteUrl(), [{ name: "首页", path: "/" }, { name: "全站精选", path: "/daily" }, { name: shortDayLabel(digest.date), path: `/daily/${digest.date}` }])} />
      <Breadcrumbs items={[{ name: "首页", href: "/" }, { name: "全站精选", href: "/daily" }, { name: shortDayLabel(digest.date) }]} />
      <DigestHeader digest={digest} heading={label} />
      <DigestSections digest={digest} />
      <DigestHistory days={days} current={digest.date} base="/daily" />
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <Rss className="size-3.5" aria-hidden />
        <span>订阅全站精选：</span>
        <a href="/daily/feed.xml" className="text-brand-600 underline">RSS</a>
        <a href="/daily/atom.xml" className="text-brand-600 underline">Atom</a>
        <a href="/daily/feed.json" className="text-brand-600 underline">JSON Feed</a>
        <span>· 登录后可以在</span>
        <Link href="/digest" className="text-brand-600 underline">我的今日精选</Link>
        <span>看按兴趣挑选的版本</span>
      </p>
    </section>
  );
}

/** A page description from the digest's first points. */
export function digestDescription(d: DigestView): string {
  const text = d.sections.flatMap((s) => s.points.map((p) => p.text)).join(" ");
  return [...`拾阅${shortDayLabel(d.date)}的全站精选：${text}`].slice(0, 150).join("");
}
