"use client";

import { AlertCircle, History, Trash2 } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { api } from "@/lib/client/api";
import { useRecords } from "@/lib/client/use-records";
import { groupByChinaDay } from "@/lib/interactions/history-groups";
import { MSG } from "@/lib/messages";
import { HistoryItem, type HistoryRecord } from "./history-item";

type TimeFilter = "today" | "week" | "month" | "all";

const FILTERS: { value: TimeFilter; label: string }[] = [
  { value: "today", label: "今天" },
  { value: "week", label: "近一周" },
  { value: "month", label: "近一月" },
  { value: "all", label: "全部" },
];

const EMPTY_HINT: Record<TimeFilter, string> = {
  today: "今天还没有读过文章，换个时间范围看看吧",
  week: "近一周没有读过文章，换个时间范围看看吧",
  month: "近一个月没有读过文章，换个时间范围看看吧",
  all: "在首页展开文章阅读全文后，就会记录在这里",
};

/** The reading history (SPEC section 2): time filters, entries grouped by day, removal, clear all, load more. */
export function HistoryList() {
  const [filter, setFilter] = useState<TimeFilter>("all");
  const records = useRecords<HistoryRecord>("/user-read-history/my-history", { time_filter: filter });
  const { items, total, loading, error, hasMore } = records;
  const [clearing, setClearing] = useState(false);
  const [cleared, setCleared] = useState(false);
  // Whether the latest load was "load more" (its button shows progress; a failure retries it) rather
  // than a fresh page 1 (the shown list dims until the new one arrives).
  const [lastWasMore, setLastWasMore] = useState(false);

  function changeFilter(next: TimeFilter) {
    setLastWasMore(false);
    setCleared(false);
    setFilter(next);
  }

  function reload() {
    setLastWasMore(false);
    void records.reload();
  }

  function loadMore() {
    setLastWasMore(true);
    void records.loadMore();
  }

  function removed(id: number) {
    records.remove((r) => r.id === id);
    // The last shown entry went but the server holds more: fetch them rather than show "empty".
    if (items.length === 1 && hasMore) reload();
  }

  async function clearAll() {
    if (clearing || !window.confirm(MSG.clearHistoryConfirm)) return;
    setClearing(true);
    try {
      await api("/user-read-history/clear-all", { method: "DELETE" });
      records.clear();
      setCleared(true);
      toast.success("浏览历史已清空");
    } catch {
      toast.error(MSG.clearHistoryFailed);
    } finally {
      setClearing(false);
    }
  }

  const firstLoad = loading && items.length === 0;
  const refreshing = loading && items.length > 0 && !lastWasMore;
  const groups = groupByChinaDay(items, (r) => r.read_timestamp, new Date());

  return (
    <div className="space-y-5">
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-bold text-slate-900">浏览历史</h1>
          <p className="mt-1 min-h-5 text-sm text-slate-500" aria-live="polite">
            {firstLoad ? "正在加载…" : error && items.length === 0 ? null : (
              <>
                共 <span data-testid="history-total" className="font-medium text-slate-700 tabular-nums">{total}</span> 条记录
              </>
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={clearAll}
          disabled={clearing || items.length === 0}
          className="flex shrink-0 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3.5 py-1.5 text-sm text-slate-600 transition-colors hover:border-red-300 hover:bg-red-50 hover:text-red-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-slate-300 disabled:hover:bg-white disabled:hover:text-slate-600"
        >
          <Trash2 className="size-4" aria-hidden />
          {clearing ? "清空中…" : "清空历史"}
        </button>
      </div>

      <div role="group" aria-label="时间范围" className="grid grid-cols-4 gap-1 rounded-full bg-slate-200/60 p-1 sm:inline-grid">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => changeFilter(f.value)}
            className={`rounded-full px-4 py-1.5 text-sm transition-colors ${
              filter === f.value ? "bg-white font-medium text-brand-600 shadow-sm" : "text-slate-600 hover:text-slate-900"
            }`}
          >
            {f.label}
          </button>
        ))}
      </div>

      {firstLoad ? (
        <HistorySkeleton />
      ) : error && items.length === 0 ? (
        <div role="alert" className="rounded-xl border border-red-100 bg-white px-6 py-12 text-center shadow-sm">
          <AlertCircle className="mx-auto size-9 text-red-400" aria-hidden />
          <p className="mt-3 text-sm text-slate-600">{error}</p>
          <button type="button" onClick={reload} className="mt-5 rounded-full bg-brand-500 px-5 py-2 text-sm text-white hover:bg-brand-600">
            重试
          </button>
        </div>
      ) : items.length === 0 && !hasMore ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50">
            <History className="size-7 text-brand-500" aria-hidden />
          </div>
          <p className="mt-4 font-medium text-slate-800">还没有浏览记录</p>
          <p className="mt-1 text-sm text-slate-500">{EMPTY_HINT[cleared ? "all" : filter]}</p>
          <Link href="/" className="mt-6 inline-block rounded-full bg-brand-500 px-6 py-2 text-sm text-white hover:bg-brand-600">
            去发现
          </Link>
        </div>
      ) : (
        <div aria-busy={loading} data-testid="history-list" className={`space-y-6 transition-opacity ${refreshing ? "opacity-60" : ""}`}>
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={`history-day-${group.key}`} data-testid="history-day">
              <h2 id={`history-day-${group.key}`} className="mb-2.5 flex items-center gap-3 text-sm font-semibold text-slate-500">
                {group.label}
                <span className="h-px flex-1 bg-slate-200" aria-hidden />
              </h2>
              <ul className="space-y-3">
                {group.items.map((record) => (
                  <li key={record.id}>
                    <HistoryItem
                      record={record}
                      onChange={(next) => records.update((r) => r.id === next.id, () => next)}
                      onRemoved={removed}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}

          <div className="flex flex-col items-center gap-2 pt-1">
            {error ? (
              <p role="alert" className="text-sm text-red-600">
                {error}
              </p>
            ) : null}
            {hasMore ? (
              <button
                type="button"
                onClick={error && !lastWasMore ? reload : loadMore}
                disabled={loading}
                className="rounded-full border border-slate-300 bg-white px-6 py-2 text-sm text-slate-600 shadow-sm hover:border-brand-500 hover:text-brand-600 disabled:opacity-60"
              >
                {loading && lastWasMore ? "加载中…" : error ? "重试" : "加载更多"}
              </button>
            ) : items.length > 0 ? (
              <p className="text-xs text-slate-500">没有更多了</p>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}

function HistorySkeleton() {
  return (
    <div className="space-y-3" aria-hidden data-testid="history-loading">
      <div className="h-4 w-12 animate-pulse rounded bg-slate-200" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
          <div className="mt-3 h-3 w-1/3 animate-pulse rounded bg-slate-100" />
          <div className="mt-3 h-3 w-full animate-pulse rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
