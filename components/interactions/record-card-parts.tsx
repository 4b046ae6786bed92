"use client";
// The pieces of a likes or favourites card (SPEC section 2): the clickable card, the article's title,
// summary, source and cover, the "liked/favourited at" stamp, counters and the action buttons. An article an
// operator took down shows its title and 已下线 only: no summary, no cover, no link to the source.
import { LoaderCircle, type LucideIcon } from "lucide-react";
import { useState, type MouseEvent, type ReactNode } from "react";
import { platformByKey, platformIconPath } from "@/lib/articles/platforms";
import type { ApiArticle, ListedArticle } from "@/lib/articles/serialize";
import { formatChineseDate, formatCount, formatRelativeTime } from "@/lib/format";
import { MSG } from "@/lib/messages";

/** A like or favourite record as the lists return it. */
export type ArticleRecord = { id: number; created_at: string; article: ListedArticle };

/** The mark of an article an operator took down. */
export function UnavailableBadge() {
  return (
    <span className="ml-2 inline-block shrink-0 rounded bg-slate-100 px-1.5 py-0.5 align-middle text-xs font-normal text-slate-600" data-testid="unavailable-badge">
      已下线
    </span>
  );
}

/** The card: a click anywhere but on its links and buttons opens the original article in a new tab. */
export function RecordCard({ article, children }: { article: ListedArticle; children: ReactNode }) {
  const { source_url: url } = article;
  function open(e: MouseEvent<HTMLElement>) {
    if (!url || (e.target as Element).closest("a, button")) return;
    if (window.getSelection()?.toString()) return; // selecting text is not a click
    window.open(url, "_blank", "noopener,noreferrer");
  }
  return (
    <article
      data-testid="record-item"
      data-unavailable={article.unavailable ? true : undefined}
      onClick={open}
      className={`group rounded-xl ${url ? "cursor-pointer" : ""} border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-100 hover:shadow-md`}
    >
      {children}
    </article>
  );
}

/** Title (a real link to the source), summary, source line and the cover image when there is one; a
 * taken-down article's title with 已下线. */
export function RecordArticle({ article }: { article: ListedArticle }) {
  if (article.unavailable) {
    return (
      <h2 className="text-base leading-snug font-semibold text-slate-500" data-testid="record-title">
        <span className="line-clamp-2">
          {article.title}
          <UnavailableBadge />
        </span>
      </h2>
    );
  }
  return <AvailableArticle article={article} />;
}

function AvailableArticle({ article }: { article: ApiArticle }) {
  const platform = article.source_platform || platformByKey(article.platform_name)?.name;
  const published = new Date(article.create_time * 1000);
  return (
    <div className="flex gap-3 sm:gap-4">
      <div className="min-w-0 flex-1">
        <h2 className="text-base leading-snug font-semibold text-slate-900" data-testid="record-title">
          <a
            href={article.source_url}
            target="_blank"
            rel="noopener noreferrer"
            className="line-clamp-2 rounded-sm group-hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {article.title}
          </a>
        </h2>
        <p className={`mt-1.5 line-clamp-2 text-sm leading-6 ${article.summary ? "text-slate-600" : "text-slate-500"}`}>
          {article.summary || MSG.noSummary}
        </p>
        <div className="mt-2 flex min-w-0 items-center gap-1.5 text-xs text-slate-500">
          {/* eslint-disable-next-line @next/next/no-img-element -- 16px static icon, nothing to optimize */}
          <img src={platformIconPath(article.platform_name)} alt="" width={16} height={16} className="size-4 shrink-0" />
          {platform ? <span className="shrink-0">{platform}</span> : null}
          {platform ? <span aria-hidden className="text-slate-300">·</span> : null}
          <span className="truncate">{article.author_name || "匿名用户"}</span>
          <span aria-hidden className="text-slate-300">·</span>
          <time dateTime={published.toISOString()} title={formatChineseDate(article.create_time)} className="shrink-0">
            {formatRelativeTime(published)}
          </time>
        </div>
      </div>
      {article.cover_image ? <RecordCover src={article.cover_image} /> : null}
    </div>
  );
}

/** The cover: lazy, fixed size, cropped; hidden when the remote image does not load. */
function RecordCover({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- remote covers from many hosts, shown small
    <img
      src={src}
      alt=""
      width={112}
      height={84}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="h-[72px] w-24 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-[84px] sm:w-28"
      data-testid="record-cover"
    />
  );
}

/** The bottom row: stamp and counters on the left, actions on the right. */
export function RecordFooter({ meta, actions }: { meta: ReactNode; actions: ReactNode }) {
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-slate-100 pt-3">
      <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-500">{meta}</div>
      <div className="ml-auto flex shrink-0 items-center gap-2">{actions}</div>
    </div>
  );
}

/** "点赞于 3 天前": when the record was made, the full date on hover. */
export function RecordStamp({ icon: Icon, verb, iso }: { icon: LucideIcon; verb: string; iso: string }) {
  const at = new Date(iso);
  return (
    <span className="flex items-center gap-1" data-testid="record-stamp">
      <Icon className="size-3.5 text-brand-500" aria-hidden />
      <span>
        {verb}
        <time dateTime={at.toISOString()} title={formatChineseDate(Math.floor(at.getTime() / 1000))} className="ml-0.5">
          {formatRelativeTime(at)}
        </time>
      </span>
    </span>
  );
}

/** A counter with its name for screen readers: "♥ 612". */
export function RecordCount({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: number }) {
  return (
    <span className="flex items-center gap-1" title={label}>
      <Icon className="size-3.5" aria-hidden />
      <span className="sr-only">{label}</span>
      {formatCount(value)}
    </span>
  );
}

type ActionProps = {
  icon: LucideIcon;
  label: string;
  onClick: () => Promise<void>;
  tone?: "neutral" | "danger";
};

/** A small pill button that shows a spinner and stays disabled while its call runs. */
export function RecordAction({ icon: Icon, label, onClick, tone = "neutral" }: ActionProps) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await onClick();
    } finally {
      setBusy(false);
    }
  }
  const colours =
    tone === "danger"
      ? "hover:border-red-200 hover:bg-red-50 hover:text-red-600"
      : "hover:border-brand-100 hover:bg-brand-50 hover:text-brand-600";
  return (
    <button
      type="button"
      onClick={run}
      disabled={busy}
      aria-busy={busy}
      className={`inline-flex h-9 items-center gap-1 rounded-full border border-slate-200 bg-white px-3 text-xs text-slate-600 transition disabled:cursor-wait disabled:opacity-60 sm:h-8 ${colours}`}
    >
      {busy ? <LoaderCircle className="size-3.5 animate-spin" aria-hidden /> : <Icon className="size-3.5" aria-hidden />}
      {label}
    </button>
  );
}
