import type { Metadata } from "next";
import { AdminPager } from "@/components/admin/admin-pager";
import { ReviewItem } from "@/components/admin/review/review-item";
import { formParams, type PageSearchParams } from "@/lib/admin/form-params";
import { requireAdminPage } from "@/lib/admin/page-guard";
import { listReviewQueue } from "@/lib/admin/review";
import { adminPageQuery } from "@/lib/admin/schema";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "待审核" };

export default async function AdminReviewPage({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdminPage();
  const raw: Record<string, string | undefined> = await formParams(searchParams);
  // A bad ?page= falls back to the first page rather than an error page.
  const parsed = adminPageQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : adminPageQuery.parse({});
  const list = await listReviewQueue({ db: await getDb(), page: query.page, limit: query.limit });
  return (
    <section>
      <h1 className="text-xl font-semibold text-slate-900">待审核</h1>
      <p className="mt-1 text-sm text-slate-500">读者从总结加入文章列表的文章，通过后才会出现在首页、搜索和订阅输出中；先提交的在前。</p>
      {list.items.length ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {list.items.map((a) => (
            <ReviewItem key={a.id} article={a} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-slate-200 p-8 text-center text-sm text-slate-500">没有待审核的文章</p>
      )}
      <AdminPager page={query.page} limit={query.limit} total={list.total} params={{ ...raw, page: undefined }} path="/admin/review" />
    </section>
  );
}
