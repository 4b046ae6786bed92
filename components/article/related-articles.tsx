import { Link } from "@/components/ui/link";
import { platformByKey, platformIconPath } from "@/lib/articles/platforms";
import { formatChineseDate } from "@/lib/format";
import type { RelatedArticle } from "@/lib/search/related";

/** The articles related to a permalink's, each a link to its own permalink. Nothing when there are none. */
export function RelatedArticles({ items }: { items: RelatedArticle[] }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="related-articles">
      <h2 id="related-heading" className="text-base font-semibold text-slate-900">
        相关文章
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {items.map((a) => (
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
}
