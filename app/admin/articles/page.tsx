import type { Metadata } from "next";
import { AdminPager } from "@/components/admin/admin-pager";
import { ArticleFilters } from "@/components/admin/articles/article-filters";
import { AdminArticleItem } from "@/components/admin/articles/article-item";
import { listAdminArticles } from "@/lib/admin/article-list";
import { adminArticlesQuery, filterOf } from "@/lib/admin/article-schema";
import { requireAdminPage } from "@/lib/admin/page-guard";
import { listSources } from "@/lib/ingest/sources";
import { getDb } from "@/lib/db";
import { formParams, type PageSearchParams } from "@/lib/admin/form-params";

export const metadata: Metadata = { title: "文章" };


export default async function AdminArticlesPage({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdminPage();
  const raw: Record<string, string | undefined> = await formParams(searchParams);
  const parsed = adminArticlesQuery.safeParse(raw);
  const db = await getDb();
  const sources = (await listSources({ db })).map((s) => ({ id: s.id, title: s.title ?? s.url }));
  if (!parsed.success) {
    return (
      <section>
        <h1 className="text-xl font-semibold text-slate-900">文章</h1>
        <ArticleFilters sources={sources} values={raw} />
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          筛选条件有误：{parsed.error.issues[0]?.message}
        </p>
      </section>
    );
  }
  const query = parsed.data;
  const list = await listAdminArticles({ db, filter: filterOf(query), page: query.page, limit: query.limit });
  return (
    <section>
      <h1 className="text-xl font-semibold text-slate-900">文章</h1>
      <ArticleFilters sources={sources} values={raw} />
      {list.items.length ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {list.items.map((a) => (
            <AdminArticleItem key={a.id} article={a} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-slate-200 p-8 text-center text-sm text-slate-500">没有符合条件的文章</p>
      )}
      <AdminPager page={query.page} limit={query.limit} total={list.total} estimate={list.total_is_estimate} params={{ ...raw, page: undefined }} path="/admin/articles" />
    </section>
  );
}
