"use client";
// The queue's two decisions on a reader's article: 通过 publishes it, 拒绝 keeps it hidden (confirmed).
import { useAdminAction } from "../use-admin-action";

const button = "rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50";

export function ReviewActions({ id }: { id: number }) {
  const { run, busy } = useAdminAction();
  const path = `/api/admin/articles/${id}`;

  async function reject() {
    if (!window.confirm("确定拒绝这篇文章吗？它将继续对读者隐藏。")) return;
    await run({ path: `${path}/reject` }, "已拒绝，文章继续隐藏");
  }

  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="rounded-lg bg-brand-500 px-3 py-1.5 text-sm text-white hover:bg-brand-600 disabled:opacity-50"
        disabled={busy}
        onClick={() => run({ path: `${path}/approve` }, "已通过，文章已发布到首页")}
      >
        通过
      </button>
      <button type="button" className={`${button} text-red-600 hover:bg-red-50`} disabled={busy} onClick={reject}>
        拒绝
      </button>
    </div>
  );
}
