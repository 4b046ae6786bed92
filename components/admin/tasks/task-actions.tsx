"use client";
// The console's actions on one summary task: retry (failed or cancelled) and cancel (queued or running, confirmed).
import { useAdminAction } from "../use-admin-action";

type Props = { task: { id: number; status: string; host: string } };

const button = "rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50";

export function TaskActions({ task }: Props) {
  const { run, busy } = useAdminAction();
  const path = `/api/admin/tasks/${task.id}`;
  const canRetry = task.status === "failed" || task.status === "cancelled";
  const canCancel = task.status === "pending" || task.status === "processing";
  if (!canRetry && !canCancel) return null;

  async function cancel() {
    const what = task.status === "processing" ? "正在处理的" : "排队中的";
    if (!window.confirm(`确定取消${what}总结任务 #${task.id}（${task.host}）吗？用户会看到“任务已被管理员取消”。`)) return;
    await run({ path: `${path}/cancel` }, (r: { data: { changed: boolean } }) => (r.data.changed ? "已取消任务" : "任务已经取消过了"));
  }

  return (
    <div className="flex flex-wrap gap-2">
      {canRetry ? (
        <button
          type="button"
          className={button}
          disabled={busy}
          onClick={() => run({ path: `${path}/retry` }, (r: { data: { changed: boolean } }) => (r.data.changed ? "已重新排队，稍后由后台处理" : "任务已在队列中"))}
        >
          重试
        </button>
      ) : null}
      {canCancel ? (
        <button type="button" className={`${button} text-red-600 hover:bg-red-50`} disabled={busy} onClick={cancel}>
          取消
        </button>
      ) : null}
    </div>
  );
}
