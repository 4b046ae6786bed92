"use client";

import { Bookmark, ChevronDown, Clock, ExternalLink, Eye, Heart, LoaderCircle, MessageCircle, Trash2 } from "lucide-react";
import dynamic from "next/dynamic";
import { useId, useState } from "react";
import { toast } from "@/lib/client/toast";
import type { ListedArticle } from "@/lib/articles/serialize";
import { platformIconPath } from "@/lib/articles/platforms";
import { api, ApiRequestError } from "@/lib/client/api";
import { formatCount } from "@/lib/format";
import { chinaClockTime } from "@/lib/interactions/history-groups";
import { MSG } from "@/lib/messages";
import { UnavailableBadge } from "./record-card-parts";

// The markdown renderer brings highlight.js with it: load it only when a reader opens an entry.
const ArticleMarkdown = dynamic(() => import("@/components/article/markdown").then((m) => m.ArticleMarkdown), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-500">正文加载中…</p>,
});

export type HistoryRecord = { id: number; read_timestamp: string; read_times: number; article: ListedArticle };

type FavoriteResult = { data: { is_favorited: boolean; favorite_cnt: number } };

export type HistoryItemProps = {
  record: HistoryRecord;
  /** The record after a change the server confirmed (favourite state and count). */
  onChange: (next: HistoryRecord) => void;
  /** Called once the server removed the record. */
  onRemoved: (id: number) => void;
};

const iconButton =
  "flex size-9 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-wait disabled:opacity-60";

/**
 * One entry of the reading history: collapsed to title, source and read time; expanded to the full article.
 * An article an operator took down shows its title, 已下线 and the read time only (no expanding, no source);
 * it can still be removed, and unfavourited if it was a favourite.
 */
export function HistoryItem({ record, onChange, onRemoved }: HistoryItemProps) {
  const { article } = record;
  // null when an operator took the article down: nothing of it but the title is shown.
  const live = article.unavailable ? null : article;
  const [expanded, setExpanded] = useState(false);
  const [favoriteBusy, setFavoriteBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const detailId = `${id}-detail`;
  const favorited = Boolean(article.is_favorited);

  /** Offline (or failed for want of a connection): queued on this device and sent later (lib/offline/sync.ts). */
  const later = (kind: "favorite" | "unfavorite" | "forget", err?: unknown) =>
    import("@/lib/offline/sync").then((m) => m.queueIfOffline(kind, article, err, kind === "forget" ? record.id : undefined), () => false);
  const showFavorited = (on: boolean) =>
    onChange({ ...record, article: { ...article, is_favorited: on, favorite_cnt: article.unavailable ? 0 : Math.max(article.favorite_cnt + (on ? 1 : -1), 0) } });

  async function toggleFavorite() {
    if (favoriteBusy) return;
    setFavoriteBusy(true);
    const kind = favorited ? "unfavorite" : "favorite";
    try {
      if (!navigator.onLine) {
        if (await later(kind)) showFavorited(!favorited);
        else toast.error(MSG.favoriteToggleFailed);
        return;
      }
      const res = favorited
        ? await api<FavoriteResult>(`/favorites/${article.id}`, { method: "DELETE" })
        : await api<FavoriteResult>("/favorites", { json: { article_id: article.id } });
      onChange({ ...record, article: { ...article, is_favorited: res.data.is_favorited, favorite_cnt: article.unavailable ? 0 : res.data.favorite_cnt } });
    } catch (err) {
      if (await later(kind, err)) showFavorited(!favorited);
      else toast.error(MSG.favoriteToggleFailed);
    } finally {
      setFavoriteBusy(false);
    }
  }

  async function remove() {
    if (removing || !window.confirm(MSG.removeHistoryConfirm)) return;
    setRemoving(true);
    try {
      if (!navigator.onLine) {
        if (await later("forget")) return onRemoved(record.id);
        toast.error(MSG.removeHistoryFailed);
        return setRemoving(false);
      }
      await api(`/user-read-history/${record.id}`, { method: "DELETE" });
      onRemoved(record.id);
    } catch (err) {
      // Already gone on the server (removed in another tab): drop it here too.
      if (err instanceof ApiRequestError && err.status === 404) onRemoved(record.id);
      else if (await later("forget", err)) onRemoved(record.id);
      else toast.error(MSG.removeHistoryFailed);
      setRemoving(false);
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      data-testid="history-item"
      data-expanded={expanded}
      className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-opacity ${removing ? "opacity-50" : ""}`}
    >
      <div className="flex items-start gap-2">
        <div className={`min-w-0 flex-1 ${live ? "cursor-pointer" : ""}`} onClick={live ? () => setExpanded((v) => !v) : undefined}>
          <h3
            id={titleId}
            className={`text-base leading-snug font-semibold ${live ? "text-slate-900 hover:text-brand-600" : "text-slate-500"}`}
            data-testid="history-title"
          >
            {article.title}
            {live ? null : <UnavailableBadge />}
          </h3>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
            {live ? (
              <span className="flex min-w-0 items-center gap-1.5">
                {/* eslint-disable-next-line @next/next/no-img-element -- 16px static icon, nothing to optimize */}
                <img src={platformIconPath(live.platform_name)} alt="" width={16} height={16} className="size-4 shrink-0" />
                <span className="truncate">{live.author_name || "匿名用户"}</span>
                {live.source_platform ? <span className="shrink-0 text-slate-500">· {live.source_platform}</span> : null}
              </span>
            ) : null}
            <span className="flex shrink-0 items-center gap-1 text-slate-500">
              <Clock className="size-3.5" aria-hidden />
              <span className="sr-only">阅读于</span>
              <time dateTime={record.read_timestamp}>{chinaClockTime(record.read_timestamp)}</time>
              {record.read_times > 1 ? <span>· 读过 {record.read_times} 次</span> : null}
            </span>
          </div>
        </div>
        <div className="-mt-1.5 -mr-2 flex shrink-0 items-center">
          {live || favorited ? (
            // A taken-down article can be unfavourited, not favourited again.
            <button
              type="button"
              onClick={toggleFavorite}
              disabled={favoriteBusy}
              aria-pressed={favorited}
              aria-label="收藏"
              title={favorited ? "取消收藏" : "收藏"}
              className={`${iconButton} ${favorited ? "text-brand-500 hover:bg-brand-50 hover:text-brand-600" : "text-slate-500 hover:bg-slate-100 hover:text-slate-700"}`}
            >
              {favoriteBusy ? (
                <LoaderCircle className="size-[18px] animate-spin" aria-hidden />
              ) : (
                <Bookmark className={`size-[18px] ${favorited ? "fill-current" : ""}`} data-filled={favorited} aria-hidden data-testid="favorite-icon" />
              )}
            </button>
          ) : null}
          <button type="button" onClick={remove} disabled={removing} aria-label="删除" title="从浏览历史中删除" className={`${iconButton} text-slate-500 hover:bg-red-50 hover:text-red-600`}>
            <Trash2 className="size-[18px]" aria-hidden />
          </button>
        </div>
      </div>

      {live ? (
        <>
          {!expanded && live.summary ? (
            <p className="mt-2 line-clamp-2 cursor-pointer text-sm leading-6 text-slate-500" onClick={() => setExpanded(true)}>
              {live.summary}
            </p>
          ) : null}

          {expanded ? (
            <div id={detailId} className="mt-3 border-t border-slate-100 pt-3" data-testid="history-detail">
              {live.content ? <ArticleMarkdown text={live.content} /> : <p className="text-sm text-slate-500">暂无内容</p>}
              <dl className="mt-4 grid grid-cols-4 gap-2 rounded-lg bg-slate-50 px-2 py-2.5 text-center text-xs text-slate-500">
                {[
                  { label: "点赞", value: live.like_cnt, icon: Heart },
                  { label: "评论", value: live.comment_cnt, icon: MessageCircle },
                  { label: "浏览", value: live.view_cnt, icon: Eye },
                  { label: "收藏", value: live.favorite_cnt, icon: Bookmark },
                ].map(({ label, value, icon: Icon }) => (
                  <div key={label} className="flex flex-col items-center gap-0.5 sm:flex-row sm:justify-center sm:gap-1.5" data-testid={`count-${label}`}>
                    <dt className="flex items-center gap-1">
                      <Icon className="size-3.5" aria-hidden />
                      {label}
                    </dt>
                    <dd className="font-semibold text-slate-700 tabular-nums" data-value={value}>
                      {formatCount(value)}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ) : null}

          <div className="mt-2 flex items-center justify-between gap-3">
            <button
              type="button"
              onClick={() => setExpanded((v) => !v)}
              aria-expanded={expanded}
              aria-controls={expanded ? detailId : undefined}
              className="-ml-1 flex items-center gap-0.5 rounded px-1 py-1 text-sm text-brand-600 hover:underline"
            >
              {expanded ? "收起" : "展开"}
              <ChevronDown className={`size-4 transition-transform ${expanded ? "rotate-180" : ""}`} aria-hidden />
            </button>
            {expanded ? (
              <a
                href={live.source_url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex items-center gap-1 rounded-full border border-brand-500/30 bg-brand-50 px-3 py-1 text-sm text-brand-600 hover:bg-brand-100"
              >
                查看原文
                <ExternalLink className="size-3.5" aria-hidden />
              </a>
            ) : null}
          </div>
        </>
      ) : null}
    </article>
  );
}
