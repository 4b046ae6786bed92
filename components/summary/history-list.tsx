"use client";
// The summary history screen (SPEC sections 2, 4, 8, 9): 20 tasks a page with previous / next and "page X of
// Y"; the current page is fetched again every 30 s while any of its tasks is pending or processing, and no
// longer once none is (or when the page closes). A load error shows its message with a retry; a 401 clears
// the session and goes to code login (these loads carry page=, so the API client would not).
import { ChevronLeft, ChevronRight, CircleAlert, History, RotateCw, Sparkles } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiRequestError, errorText, signInAgain } from "@/lib/client/api";
import { MSG } from "@/lib/messages";
import { HISTORY_PER_PAGE, HISTORY_REFRESH_MS, isInProgress, pageCount, type HistoryPage } from "@/lib/summary/history-view";
import { HistoryItemCard } from "./history-item";

type Loaded = { key: string; data: HistoryPage | null; error: string | null };

export function SummaryHistoryList() {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const key = `${page}:${attempt}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const generation = useRef(0);

  /** Fetches `target`; a background refresh that fails keeps what is shown. */
  const fetchPage = useCallback((target: number, forKey: string, background: boolean) => {
    const mine = ++generation.current;
    api<HistoryPage>("/api/summary/history", { query: { page: target, per_page: HISTORY_PER_PAGE } }).then(
      (data) => {
        if (mine !== generation.current) return;
        setLoaded({ key: forKey, data: { ...data, items: Array.isArray(data?.items) ? data.items : [] }, error: null });
      },
      (err: unknown) => {
        if (mine !== generation.current) return;
        if (err instanceof ApiRequestError && err.status === 401) {
          signInAgain();
          return;
        }
        if (background) return;
        setLoaded((prev) => ({ key: forKey, data: prev?.data ?? null, error: errorText(err, MSG.loadFailed) }));
      },
    );
  }, []);

  useEffect(() => {
    fetchPage(page, key, false);
  }, [fetchPage, page, key]);

  const data = loaded?.data ?? null;
  const loading = loaded?.key !== key;
  const error = loading ? null : (loaded?.error ?? null);
  const running = data?.items.some((item) => isInProgress(item.status)) ?? false;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => fetchPage(page, key, true), HISTORY_REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, fetchPage, page, key]);

  // A deleted task leaves the list at once; the page is then read again (the next page's first task moves up),
  // or the one before when it was the last of its page.
  const removed = (item: HistoryPage["items"][number]) => {
    setLoaded((prev) => (prev?.data ? { ...prev, data: { ...prev.data, items: prev.data.items.filter((i) => i.id !== item.id), total: Math.max(0, prev.data.total - 1) } } : prev));
    if (page > 1 && data?.items.length === 1) setPage(page - 1);
    else fetchPage(page, key, true);
  };
  const pages = pageCount(data?.total ?? 0, data?.per_page || HISTORY_PER_PAGE);
  const go = (target: number) => {
    if (target < 1 || target > pages || target === page) return;
    setPage(target);
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  let body;
  if (error) body = <HistoryError message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  else if (!data) body = <HistorySkeletons />;
  else if (data.items.length === 0 && page === 1) body = <HistoryEmpty />;
  else
    body = (
      <>
        <ul className={`space-y-3 transition-opacity ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
          {data.items.map((item) => (
            <li key={item.id}>
              <HistoryItemCard item={item} onRemoved={removed} />
            </li>
          ))}
        </ul>
        <nav aria-label="分页" className="mt-6 flex items-center justify-between gap-3 sm:justify-center sm:gap-5">
          <PagerButton label="上一页" disabled={loading || page <= 1} onClick={() => go(page - 1)}>
            <ChevronLeft className="size-4" aria-hidden />
            上一页
          </PagerButton>
          <span className="text-sm whitespace-nowrap text-slate-500" data-testid="summary-history-page" aria-live="polite">
            第 {page} 页，共 {pages} 页
          </span>
          <PagerButton label="下一页" disabled={loading || page >= pages} onClick={() => go(page + 1)}>
            下一页
            <ChevronRight className="size-4" aria-hidden />
          </PagerButton>
        </nav>
      </>
    );

  return (
    <div>
      <header className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold text-slate-900">总结历史</h1>
          <p className="mt-0.5 min-h-5 text-sm text-slate-500" data-testid="summary-history-total">
            {data && !error ? (
              <>
                共 <span className="font-medium text-slate-700">{data.total}</span> 条记录
                {running ? <span className="ml-2 text-xs text-slate-500">进行中的任务每 30 秒自动刷新</span> : null}
              </>
            ) : null}
          </p>
        </div>
        <Link
          href="/smart-summary"
          className="inline-flex h-9 items-center gap-1.5 rounded-full border border-brand-500 bg-white px-4 text-sm font-medium text-brand-600 hover:bg-brand-50"
        >
          <Sparkles className="size-4" aria-hidden />
          新建总结
        </Link>
      </header>
      {body}
    </div>
  );
}

function PagerButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex h-9 items-center gap-1 rounded-full border border-slate-300 bg-white px-4 text-sm text-slate-700 shadow-sm hover:border-brand-500 hover:text-brand-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-slate-300 disabled:hover:text-slate-700"
    >
      {children}
    </button>
  );
}

function HistorySkeletons() {
  return (
    <div aria-busy="true" className="space-y-3" data-testid="summary-history-loading">
      <span className="sr-only">加载中…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden className="flex animate-pulse gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="size-10 shrink-0 rounded-xl bg-slate-200" />
          <div className="flex-1">
            <div className="h-4 w-2/3 rounded bg-slate-200" />
            <div className="mt-3 h-3 w-1/2 rounded bg-slate-100" />
            <div className="mt-3 h-7 w-24 rounded-full bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

function HistoryError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-100 bg-white px-6 py-12 text-center shadow-sm">
      <CircleAlert className="mx-auto size-8 text-red-400" aria-hidden />
      <p className="mt-3 text-sm text-slate-600">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-5 inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-5 py-2 text-sm text-slate-700 hover:bg-slate-50"
      >
        <RotateCw className="size-4" aria-hidden />
        重试
      </button>
    </div>
  );
}

function HistoryEmpty() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center" data-testid="summary-history-empty">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-500">
        <History className="size-7" aria-hidden />
      </div>
      <p className="mt-4 text-base font-medium text-slate-800">还没有总结记录</p>
      <p className="mx-auto mt-1 max-w-xs text-sm text-balance text-slate-500">把文章、视频或播客链接交给智能总结，几分钟读懂要点</p>
      <Link
        href="/smart-summary"
        className="mt-6 inline-flex items-center gap-1.5 rounded-full bg-brand-500 px-5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-600"
      >
        <Sparkles className="size-4" aria-hidden />
        去智能总结
      </Link>
    </div>
  );
}
