// One summary task in the console's list: its link, method, owner, status and progress, the step that failed
// with its error in full, its times, and what can be done with it.
import { Link } from "@/components/ui/link";
import type { AdminTaskRow } from "@/lib/admin/tasks";
import { consoleMinute } from "@/lib/admin/console-time";
import { METHOD_NAMES } from "@/lib/summary/constants";
import { BADGE_TONES, hostOf, STEP_NAMES, statusLabel } from "@/lib/summary/history-view";
import { STEP_KEYS } from "@/lib/db/schema";
import { TaskActions } from "./task-actions";

const STEP_TONES: Record<string, string> = {
  pending: "text-slate-500",
  active: "text-brand-600",
  completed: "text-emerald-700",
  error: "text-red-600",
};

/** "host/path…": the host and the start of the rest, at most `max` characters. */
function shortUrl(url: string, max = 60): string {
  let text = url;
  try {
    const u = new URL(url);
    text = `${hostOf(url)}${u.pathname === "/" ? "" : u.pathname}${u.search}`;
  } catch {
    // shown as given
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function TaskItem({ task: t }: { task: AdminTaskRow }) {
  const method = (METHOD_NAMES as Record<string, string>)[t.method] ?? t.method;
  const failedStep = t.failed_step ? t.steps[t.failed_step] : null;
  const stepError = failedStep?.error || null;
  const times = [
    ["创建", consoleMinute(t.created_at)],
    ["开始", consoleMinute(t.started_at)],
    [t.status === "cancelled" ? "取消" : "结束", consoleMinute(t.completed_at)],
  ].filter((e): e is [string, string] => Boolean(e[1]));
  return (
    <li data-task-id={t.id} data-status={t.status} className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE_TONES[t.status] ?? BADGE_TONES.cancelled}`}>{statusLabel(t.status)}</span>
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{method}</span>
        <span className="text-xs text-slate-500">#{t.id}</span>
        <a href={t.url} target="_blank" rel="noopener noreferrer" title={t.url} className="min-w-0 font-medium break-all text-slate-900 hover:text-brand-600">
          {shortUrl(t.url)}
        </a>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>
          用户{" "}
          <Link href={`/admin/users?id=${t.user.id}`} className="text-brand-600 hover:underline">
            {t.user.account_name}
          </Link>
        </span>
        <span>进度 {t.progress}%</span>
        <span>尝试 {t.attempts} 次</span>
        {times.map(([label, time]) => (
          <span key={label}>
            {label} {time}
          </span>
        ))}
      </p>
      {t.status === "processing" ? (
        <div className="h-1.5 w-full max-w-md overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label="进度" aria-valuenow={t.progress} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-full rounded-full bg-brand-500" style={{ width: `${t.progress}%` }} />
        </div>
      ) : null}
      <ol className="flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label="步骤">
        {STEP_KEYS.filter((k) => t.steps[k]).map((k) => (
          <li key={k} className={STEP_TONES[t.steps[k].status] ?? "text-slate-500"} title={t.steps[k].message}>
            {STEP_NAMES[k]}：{t.steps[k].message}
          </li>
        ))}
      </ol>
      {t.failed_step || t.error ? (
        <div className={`rounded-lg p-3 text-sm ${t.status === "cancelled" ? "bg-slate-50 text-slate-600" : "bg-red-50 text-red-700"}`} data-testid="task-error">
          {t.failed_step ? <p className="font-medium">失败步骤：{STEP_NAMES[t.failed_step]}</p> : null}
          {stepError ? <p className="break-words whitespace-pre-wrap">{stepError}</p> : null}
          {t.error && t.error !== stepError ? <p className="break-words whitespace-pre-wrap">{t.error}</p> : null}
        </div>
      ) : null}
      <TaskActions task={{ id: t.id, status: t.status, host: hostOf(t.url) }} />
    </li>
  );
}
