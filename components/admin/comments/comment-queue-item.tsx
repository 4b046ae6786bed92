// One comment in a console queue: its text (always as text), the article, the author with 禁言 state, why it is
// held or what readers reported, where it came from (属地 and address, for the record), and the decisions.
import { Link } from "@/components/ui/link";
import type { CommentQueueRow } from "@/lib/admin/comments";
import { consoleMinute } from "@/lib/admin/console-time";
import { CommentModeration } from "./comment-moderation";

export function CommentQueueItem({ comment: c }: { comment: CommentQueueRow }) {
  const muted = c.user?.muted_until && new Date(c.user.muted_until) > new Date() ? c.user.muted_until : null;
  return (
    <li data-comment-id={c.id} className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="text-slate-500">#{c.id}</span>
        {c.held_label ? <span className="rounded bg-amber-50 px-1.5 py-0.5 font-medium text-amber-800">{c.held_label}</span> : null}
        {c.report_reasons.map((r) => (
          <span key={r.reason} className="rounded bg-red-50 px-1.5 py-0.5 font-medium text-red-700">
            举报：{r.label} × {r.count}
          </span>
        ))}
        {c.status === "removed" ? <span className="rounded bg-slate-800 px-1.5 py-0.5 text-white">已删除：{c.removed_reason}</span> : null}
      </div>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-900">{c.content || "（内容已按保留期清除）"}</p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>
          文章：
          <Link href={`/articles/${c.article.id}#comments`} className="text-brand-600 hover:underline">
            {c.article.title}
          </Link>
        </span>
        <span>
          作者：{c.user ? `${c.user.display_name}（#${c.user.id}）` : "账号已注销"}
          {muted ? <span className="ml-1 text-red-600">禁言至 {consoleMinute(muted)}</span> : null}
        </span>
        <span>发表于 {consoleMinute(c.created_at)}</span>
        {c.removed_at ? <span>删除于 {consoleMinute(c.removed_at)}</span> : null}
        <span>
          IP 属地 {c.ip_region ?? "未知"}
          {c.request_ip ? ` · ${c.request_ip}` : ""}
        </span>
      </p>
      <CommentModeration id={c.id} status={c.status} author={c.user ? { id: c.user.id, name: c.user.display_name, mutedUntil: muted } : null} />
    </li>
  );
}
