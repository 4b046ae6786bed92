import type { Metadata } from "next";
import { ArticleListItem } from "@/components/article/article-list-item";
import { listQuery, searchQuery } from "@/lib/articles/schema";
import { getFeedPage, getSearchPage } from "@/lib/articles/service";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = first((await searchParams).q)?.trim();
  return q ? { title: `搜索：${q}`, robots: { index: false } } : { alternates: { canonical: "/" } };
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export default async function HomePage({ searchParams }: Props) {
  const q = first((await searchParams).q)?.trim().slice(0, 100);
  const { items, total } = q
    ? await getSearchPage({ query: searchQuery.parse({ keyword: q }) })
    : await getFeedPage({ query: listQuery.parse({}) });

  return (
    <section aria-label={q ? `“${q}”的搜索结果` : "精选文章"}>
      {q ? (
        <p className="mb-4 text-sm text-slate-500">
          “{q}”共找到 {total} 篇文章
        </p>
      ) : null}
      {items.length ? (
        <ul className="flex flex-col gap-4">
          {items.map((a) => (
            <li key={a.id}>
              <ArticleListItem article={a} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">
          {q ? "没有找到相关文章，换个关键词试试" : "还没有文章"}
        </p>
      )}
    </section>
  );
}
