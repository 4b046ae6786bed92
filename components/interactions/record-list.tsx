"use client";
// The frame of the likes and favourites pages (SPEC sections 2, 8, 9): title, total, sort buttons, then
// loading placeholders, an error with retry, an empty state with an explore button, or the cards with a
// "load more" footer.
import { CircleAlert, Compass, LoaderCircle, RotateCw, type LucideIcon } from "lucide-react";
import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import type { useRecords } from "@/lib/client/use-records";
import type { ArticleRecord } from "./record-card-parts";

export type SortOption<S extends string> = { value: S; label: string };

type Records = ReturnType<typeof useRecords<ArticleRecord>>;

type RecordListProps<S extends string> = {
  title: string;
  sorts: SortOption<S>[];
  sort: S;
  onSort: (sort: S) => void;
  records: Records;
  empty: { icon: LucideIcon; title: string; hint: string };
  children: (record: ArticleRecord) => ReactNode;
};

export function RecordList<S extends string>({ title, sorts, sort, onSort, records, empty, children }: RecordListProps<S>) {
  const { items, total, loading, error, hasMore } = records;
  const first = items.length === 0;
  let body: ReactNode;
  if (first && loading) body = <RecordSkeletons />;
  else if (first && error) body = <RecordError message={error} onRetry={records.reload} />;
  else if (first && !hasMore) body = <RecordEmpty {...empty} />;
  else
    body = (
      <>
        <ul className="space-y-3" aria-busy={loading}>
          {items.map((record) => (
            <li key={record.id}>{children(record)}</li>
          ))}
        </ul>
        <RecordListFooter loading={loading} error={error} hasMore={hasMore} onMore={records.loadMore} onRetry={records.reload} />
      </>
    );

  return (
    <div>
      <header className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold text-slate-900">{title}</h1>
          <p className="mt-0.5 min-h-5 text-sm text-slate-500" data-testid="record-total" aria-live="polite">
            {first && (loading || error) ? null : (
              <>
                共 <span className="font-medium text-slate-700">{total}</span> 篇
              </>
            )}
          </p>
        </div>
        <div role="group" aria-label="排序方式" className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm">
          {sorts.map((option) => {
            const active = option.value === sort;
            return (
              <button
                key={option.value}
                type="button"
                aria-pressed={active}
                onClick={() => onSort(option.value)}
                className={`h-8 rounded-full px-3.5 text-sm transition ${active ? "bg-brand-500 font-medium text-white shadow-sm" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"}`}
              >
                {option.label}
              </button>
            );
          })}
        </div>
      </header>
      {body}
    </div>
  );
}

function RecordSkeletons() {
  return (
    <div aria-busy="true" className="space-y-3" data-testid="record-loading">
      <span className="sr-only">加载中…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden className="animate-pulse rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="h-4 w-3/4 rounded bg-slate-200" />
          <div className="mt-3 h-3 w-full rounded bg-slate-100" />
          <div className="mt-2 h-3 w-5/6 rounded bg-slate-100" />
          <div className="mt-4 h-3 w-1/3 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

function RecordError({ message, onRetry }: { message: string; onRetry: () => void }) {
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

function RecordEmpty({ icon: Icon, title, hint }: { icon: LucideIcon; title: string; hint: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center" data-testid="record-empty">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-500">
        <Icon className="size-7" aria-hidden />
      </div>
      <p className="mt-4 text-base font-medium text-slate-800">{title}</p>
      <p className="mx-auto mt-1 max-w-xs text-sm text-balance text-slate-500">{hint}</p>
      <Link
        href="/"
        className="mt-6 inline-flex items-center gap-1.5 rounded-full bg-brand-500 px-5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-600"
      >
        <Compass className="size-4" aria-hidden />
        去发现
      </Link>
    </div>
  );
}

type FooterProps = { loading: boolean; error: string | null; hasMore: boolean; onMore: () => void; onRetry: () => void };

/** Below the cards: a failed load with retry, "load more" while pages remain, else the end of the list. */
function RecordListFooter({ loading, error, hasMore, onMore, onRetry }: FooterProps) {
  if (error && !loading) {
    return (
      <div role="alert" className="mt-5 flex items-center justify-center gap-3 text-sm text-slate-600">
        <span>{error}</span>
        <button type="button" onClick={onRetry} className="rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
          重试
        </button>
      </div>
    );
  }
  if (hasMore || loading) {
    return (
      <div className="mt-5 flex justify-center">
        <button
          type="button"
          onClick={onMore}
          disabled={loading}
          className="inline-flex h-10 min-w-40 items-center justify-center gap-1.5 rounded-full border border-slate-300 bg-white px-6 text-sm text-slate-700 shadow-sm hover:border-brand-500 hover:text-brand-600 disabled:cursor-wait disabled:opacity-70"
        >
          {loading ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : null}
          {loading ? "加载中…" : "加载更多"}
        </button>
      </div>
    );
  }
  return <p className="mt-6 text-center text-xs text-slate-500">已经到底了</p>;
}
