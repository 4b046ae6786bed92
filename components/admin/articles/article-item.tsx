// One article in the console's list: what readers see of it, its state (hidden, in review, pinned) and its actions.
import { Link } from "@/components/ui/link";
import type { AdminArticleRow } from "@/lib/admin/article-list";
import { platformByKey } from "@/lib/articles/platforms";
import { ArticleActions } from "./article-actions";

const day = (iso: string) => new Date(iso).toLocaleDateString("zh-CN", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" });
const minute = (iso: string) =>
  new Date(iso).toLocaleString("zh-CN", { timeZone: "Asia/Shanghai", month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

export function AdminArticleItem({ article: a }: { article: AdminArticleRow }) {
  const pinned = a.pinned_until && new Date(a.pinned_until) > new Date();
  return (
    <li data-article-id={a.id} className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-slate-500">#{a.id}</span>
        {a.review_status ? (
          <span className="rounded bg-orange-100 px-1.5 py-0.5 text-xs text-orange-800">{a.review_status === "pending" ? "待审核" : "审核未通过"}</span>
        ) : a.hidden_at ? (
          <span className="rounded bg-slate-800 px-1.5 py-0.5 text-xs text-white">已隐藏</span>
        ) : null}
        {pinned ? <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">置顶至 {minute(a.pinned_until!)}</span> : null}
        {a.hidden_at ? (
          <span className="min-w-0 font-medium break-words text-slate-900">{a.title}</span>
        ) : (
          <Link href={`/articles/${a.id}`} className="min-w-0 font-medium break-words text-slate-900 hover:text-brand-600">
            {a.title}
          </Link>
        )}
      </div>
      {a.summary ? <p className="line-clamp-2 text-sm text-slate-600">{a.summary}</p> : null}
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>{platformByKey(a.platform_name)?.name ?? a.source_platform ?? "未知平台"}</span>
        <span>{a.source_title ? `订阅源：${a.source_title}` : "手动或总结添加"}</span>
        <span>发布 {day(a.published_at)}</span>
        <span>收录 {minute(a.created_at)}</span>
        <span>
          赞 {a.like_cnt} · 藏 {a.favorite_cnt} · 阅 {a.view_cnt}
        </span>
        <a href={a.source_url} target="_blank" rel="noopener noreferrer" className="break-all text-brand-600 hover:underline">
          原文
        </a>
      </p>
      <ArticleActions
        article={{
          id: a.id,
          title: a.title,
          summary: a.summary,
          platform: a.platform_name,
          hidden: Boolean(a.hidden_at),
          review: a.review_status,
          pinnedUntil: pinned ? a.pinned_until : null,
        }}
      />
    </li>
  );
}
