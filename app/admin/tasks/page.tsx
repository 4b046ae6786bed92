import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { AdminPager } from "@/components/admin/admin-pager";
import { TaskItem } from "@/components/admin/tasks/task-item";
import { requireAdminPage } from "@/lib/admin/page-guard";
import { listTasks } from "@/lib/admin/tasks";
import { TASK_TABS, taskListQuery, type TaskFilter } from "@/lib/admin/tasks-schema";
import { getDb } from "@/lib/db";
import { formParams, type PageSearchParams } from "@/lib/admin/form-params";

export const metadata: Metadata = { title: "总结任务" };


const EMPTY: Record<TaskFilter, string> = {
  active: "没有正在处理或排队的任务",
  processing: "没有正在处理的任务",
  pending: "没有排队中的任务",
  failed: "没有失败的任务",
  cancelled: "没有已取消的任务",
  completed: "没有已完成的任务",
  all: "还没有总结任务",
};

export default async function AdminTasksPage({ searchParams }: { searchParams: PageSearchParams }) {
  await requireAdminPage();
  const raw: Record<string, string | undefined> = await formParams(searchParams);
  const parsed = taskListQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : taskListQuery.parse({});
  const list = await listTasks({ db: await getDb(), status: query.status, id: query.id, page: query.page, limit: query.limit });
  const tabCount: Partial<Record<TaskFilter, number>> = {
    active: list.counts.processing + list.counts.pending,
    pending: list.counts.pending,
    failed: list.counts.failed,
  };
  return (
    <section>
      <h1 className="text-xl font-semibold text-slate-900">总结任务</h1>
      <p className="mt-1 text-sm text-slate-500">
        正在处理 {list.counts.processing} 个 · 排队 {list.counts.pending} 个 · 失败 {list.counts.failed} 个
      </p>
      <nav aria-label="任务状态" className="mt-4 -mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
        <ul className="flex gap-1 border-b border-slate-200">
          {TASK_TABS.map((tab) => {
            const current = tab.filter === query.status;
            return (
              <li key={tab.filter} className="shrink-0">
                <Link
                  href={tab.filter === "active" ? "/admin/tasks" : `/admin/tasks?status=${tab.filter}`}
                  aria-current={current ? "page" : undefined}
                  className={`-mb-px block border-b-2 px-3 py-2 text-sm whitespace-nowrap ${current ? "border-brand-500 font-medium text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
                >
                  {tab.label}
                  {tabCount[tab.filter] !== undefined ? <span className="ml-1 text-xs text-slate-500 tabular-nums">{tabCount[tab.filter]}</span> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {!parsed.success ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          筛选条件有误：{parsed.error.issues[0]?.message}，已显示进行中的任务
        </p>
      ) : null}
      {query.id !== undefined ? (
        <p className="mt-4 text-sm text-slate-500">
          只显示任务 #{query.id} ·{" "}
          <Link href="/admin/tasks?status=all" className="text-brand-600 hover:underline">
            显示全部
          </Link>
        </p>
      ) : null}
      {list.items.length ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {list.items.map((t) => (
            <TaskItem key={t.id} task={t} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-slate-200 p-8 text-center text-sm text-slate-500">{EMPTY[query.status]}</p>
      )}
      <AdminPager page={query.page} limit={query.limit} total={list.total} params={parsed.success ? { ...raw, page: undefined } : {}} path="/admin/tasks" />
    </section>
  );
}
