"use client";
// One summary history item (SPEC sections 2, 3, 4): platform icon, title or host, method, created and
// completed times, status badge, the current step while it runs, a link to its progress page, and a share
// button once completed (system share sheet, else the clipboard), and 删除 (the task with its link and result).
import { ArrowUpRight, LoaderCircle, Share2, Trash2 } from "lucide-react";
import { useState } from "react";
import { api, ApiRequestError } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { MSG } from "@/lib/messages";
import { shareLink } from "@/lib/client/share";
import { Link } from "@/components/ui/link";
import {
  currentStep,
  formatDuration,
  formatHistoryTime,
  BADGE_TONES,
  hostOf,
  isInProgress,
  progressHref,
  statusLabel,
  STEP_NAMES,
  taskIdOf,
  type HistoryItem,
} from "@/lib/summary/history-view";
import { METHOD_NAMES } from "@/lib/summary/constants";
import { HistoryPlatformIcon } from "./history-platform-icon";


export type HistoryItemCardProps = { item: HistoryItem; onRemoved: (item: HistoryItem) => void };

export function HistoryItemCard({ item, onRemoved }: HistoryItemCardProps) {
  const [removing, setRemoving] = useState(false);
  const host = hostOf(item.url);
  const title = item.title?.trim() || host;
  const method = (METHOD_NAMES as Record<string, string>)[item.method] ?? item.method;
  const created = formatHistoryTime(item.created_at);
  const completed = formatHistoryTime(item.completed_at);
  const running = isInProgress(item.status);

  async function remove() {
    if (removing || !window.confirm(MSG.removeSummaryConfirm)) return;
    setRemoving(true);
    try {
      await api(`/api/summary/task/${encodeURIComponent(taskIdOf(item))}`, { method: "DELETE" });
      toast.success(MSG.summaryRemoved);
      onRemoved(item);
    } catch (err) {
      // Already gone on the server (deleted in another tab): drop it here too.
      if (err instanceof ApiRequestError && err.status === 404) onRemoved(item);
      else toast.error(MSG.removeHistoryFailed);
      setRemoving(false);
    }
  }

  return (
    <article
      data-testid="summary-history-item"
      data-status={item.status}
      className={`flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-slate-300 sm:gap-4 ${removing ? "opacity-50" : ""}`}
    >
      <HistoryPlatformIcon url={item.url} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <h2 className="line-clamp-2 min-w-0 text-[15px] leading-snug font-semibold break-words text-slate-900" data-testid="summary-history-title">
            {title}
          </h2>
          <span
            className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE_TONES[item.status] ?? BADGE_TONES.cancelled}`}
            data-testid="summary-history-status"
          >
            {statusLabel(item.status)}
          </span>
        </div>
        {item.title ? <p className="mt-0.5 truncate text-xs text-slate-500">{host}</p> : null}

        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <span className="rounded-md bg-slate-100 px-2 py-0.5 font-medium text-slate-600" data-testid="summary-history-method">
            {method}
          </span>
          {created ? (
            <span>
              创建于 <time dateTime={item.created_at}>{created}</time>
            </span>
          ) : null}
          {completed && item.completed_at ? (
            <span>
              完成于 <time dateTime={item.completed_at}>{completed}</time>
            </span>
          ) : null}
          {item.duration ? <span data-testid="summary-history-duration">时长 {formatDuration(item.duration)}</span> : null}
        </div>

        {running ? (
          <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-brand-600" data-testid="summary-history-step">
            <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
            当前步骤：{STEP_NAMES[currentStep(item.steps)]}
          </p>
        ) : null}

        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Link
            href={progressHref(item)}
            className="inline-flex h-8 items-center gap-1 rounded-full border border-slate-300 bg-white px-3.5 text-sm text-slate-700 hover:border-brand-500 hover:text-brand-600"
          >
            查看详情
            <ArrowUpRight className="size-3.5" aria-hidden />
          </Link>
          {item.status === "completed" ? (
            <button
              type="button"
              onClick={() => void shareLink({ title, url: item.url })}
              className="inline-flex h-8 items-center gap-1 rounded-full px-3 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <Share2 className="size-3.5" aria-hidden />
              分享
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => void remove()}
            disabled={removing}
            className="ml-auto inline-flex h-8 items-center gap-1 rounded-full px-3 text-sm text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
          >
            <Trash2 className="size-3.5" aria-hidden />
            删除
          </button>
        </div>
      </div>
    </article>
  );
}
