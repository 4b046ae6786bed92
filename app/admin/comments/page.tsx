import type { Metadata } from "next";
import { AdminPager } from "@/components/admin/admin-pager";
import { CommentQueueItem } from "@/components/admin/comments/comment-queue-item";
import { CommentTabs } from "@/components/admin/comments/comment-tabs";
import { countPendingComments, listCommentQueue } from "@/lib/admin/comments";
import { commentQueueQuery } from "@/lib/admin/comments-schema";
import { formParams, type PageSearchParams } from "@/lib/admin/form-params";
import { requireAdminPage } from "@/lib/admin/page-guard";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "评论" };

const INTRO = {
  pending: "等待审核的评论：先审后发、新用户的前几条、近期多次被删除的读者、命中敏感词、内容安全服务提示风险，或被 3 位读者举报。通过后读者才能看到；先提交的在前。",
  reported: "仍然显示、但有未处理举报的评论。通过即保留评论并结清举报；删除时填写的理由会通过消息告知作者。",
  removed: "被删除的评论按规定留存 6 个月备查（含 IP 地址），之后由保留期清理自动清除；最近删除的在前。",
} as const;

const EMPTY = { pending: "没有待审核的评论", reported: "没有待处理的举报", removed: "没有已删除的评论" } as const;

export default async function AdminCommentsPage({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdminPage();
  const raw: Record<string, string | undefined> = await formParams(searchParams);
  // A bad ?queue= or ?page= falls back to the first page of 待审核 rather than an error page.
  const parsed = commentQueueQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : commentQueueQuery.parse({});
  const db = await getDb();
  const [list, pending] = await Promise.all([listCommentQueue({ db, query }), countPendingComments({ db })]);
  return (
    <section>
      <h1 className="text-xl font-semibold text-slate-900">评论</h1>
      <CommentTabs current={query.queue} pending={pending} />
      <p className="mt-3 text-sm text-slate-500">{INTRO[query.queue]}</p>
      {list.items.length ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {list.items.map((c) => (
            <CommentQueueItem key={c.id} comment={c} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-slate-200 p-8 text-center text-sm text-slate-500">{EMPTY[query.queue]}</p>
      )}
      <AdminPager page={query.page} limit={query.limit} total={list.total} params={{ queue: raw.queue }} path="/admin/comments" />
    </section>
  );
}
