import { Link } from "@/components/ui/link";
import { platformByKey, platformIconPath } from "@/lib/articles/platforms";
import { formatChineseDate } from "@/lib/format";
import type { RelatedArticle } from "@/lib/search/related";

/** Each reason under a heading that says it: 相关文章 only for articles that share the title's words. */
function headingOf(reason: RelatedArticle["reason"], first: RelatedArticle): string {
  switch (reason) {
    case "words":
      return "相关文章";
    case "platform":
      return `更多来自${platformByKey(first.platformName)?.name ?? first.sourcePlatform ?? "同一平台"}`;
    case "source":
      return "同一来源的文章";
    case "day":
      return "同一天的文章";
    case "hot":
      return "热门文章";
  }
}

/**
 * The articles listed under a permalink, each a link to its own permalink, grouped by why they are there (shared
 * words, the same platform or feed source, the same day, the site's hot articles). Nothing when there are none.
 */
export function RelatedArticles({ items }: { items: RelatedArticle[] }) {
  if (!items.length) return null;
  const groups: { reason: RelatedArticle["reason"]; items: RelatedArticle[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last?.reason === item.reason) last.items.push(item);
    else groups.push({ reason: item.reason, items: [item] });
  }
  return (
    <div className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="related-articles">
      {groups.map((g) => {
        const headingId = `related-${g.reason}`;
        return (
          <section key={g.reason} aria-labelledby={headingId}>
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {headingOf(g.reason, g.items[0])}
            </h2>
            <ul className="mt-3 divide-y divide-slate-100">
              {g.items.map((a) => (
                <li key={a.id} className="py-2.5 first:pt-0 last:pb-0">
                  <Link href={`/articles/${a.id}`} className="leading-snug text-slate-800 hover:text-brand-600">
                    {a.title}
                  </Link>
                  <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-500">
                    {/* eslint-disable-next-line @next/next/no-img-element -- 16px static icon */}
                    <img src={platformIconPath(a.platformName)} alt="" width={16} height={16} loading="lazy" decoding="async" className="size-3.5" />
                    <span>{platformByKey(a.platformName)?.name ?? a.sourcePlatform ?? "其他来源"}</span>
                    <span aria-hidden>·</span>
                    <time dateTime={a.publishedAt.toISOString()}>{formatChineseDate(Math.floor(a.publishedAt.getTime() / 1000))}</time>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
