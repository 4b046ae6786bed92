"use client";
// /notifications: what happened to my comments, newest first — replies, likes (grouped per comment), removals
// with their reason. Unread ones are marked; 全部已读 marks them all, and opening one marks it.
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { api, errorText } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { commentTime } from "@/components/comments/comment-text";
import type { NotificationObject } from "@/lib/comments/notifications";

type Page = { items: NotificationObject[]; total: number; unread: number };
const PAGE_SIZE = 20;

function sentence(n: NotificationObject): string {
  const who = n.actor?.display_name ?? "已注销用户";
  if (n.kind === "reply") return `${who} 回复了你的评论`;
  if (n.kind === "like") return n.count > 1 ? `${who} 等 ${n.count} 人赞了你的评论` : `${who} 赞了你的评论`;
  return `你的评论已被管理员删除：${n.comment.removed_reason ?? "违反社区规范"}`;
}

export function NotificationList() {
  const router = useRouter();
  const [data, setData] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const generation = useRef(0);

  const load = useCallback((target: number) => {
    const mine = ++generation.current;
    return api<{ data: Page }>("/notifications", { query: { page: target, limit: PAGE_SIZE } }).then(
      (res) => {
        if (mine !== generation.current) return;
        setData((prev) => (target === 1 || !prev ? res.data : { ...res.data, items: [...prev.items, ...res.data.items.filter((n) => !prev.items.some((p) => p.id === n.id))] }));
        setPage(target);
        setError(null);
      },
      (err: unknown) => mine === generation.current && setError(errorText(err, "消息加载失败，请稍后重试")),
    );
  }, []);

  useEffect(() => {
    void load(1);
  }, [load]);

  async function markRead(ids?: number[]) {
    try {
      const res = await api<{ data: { unread: number } }>("/notifications/read", { json: ids ? { ids } : {} });
      setData((d) => d && { ...d, unread: res.data.unread, items: d.items.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)) });
      router.refresh(); // the header's count
    } catch (err) {
      toast.error(errorText(err, "操作失败，请稍后重试"));
    }
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8" aria-labelledby="notifications-heading">
      <div className="flex items-center justify-between gap-3">
        <h1 id="notifications-heading" className="text-xl font-bold text-slate-900">
          消息{data?.unread ? <span className="ml-2 text-base font-normal text-slate-500">{data.unread} 条未读</span> : null}
        </h1>
        {data?.unread ? (
          <button type="button" onClick={() => void markRead()} className="min-h-9 rounded-md px-3 text-sm text-brand-600 hover:bg-brand-50">
            全部已读
          </button>
        ) : null}
      </div>
      {error ? <p className="py-8 text-center text-sm text-slate-500">{error}</p> : null}
      {!data && !error ? <p className="py-8 text-center text-sm text-slate-500">加载中…</p> : null}
      {data && !data.items.length ? <p className="py-8 text-center text-sm text-slate-500">暂时没有消息。有人回复或点赞你的评论时，会在这里告诉你。</p> : null}
      {data?.items.length ? (
        <ol className="mt-3 divide-y divide-slate-100" aria-label="消息列表">
          {data.items.map((n) => (
            <li key={n.id} className="py-3" data-testid="notification" data-read={n.read}>
              <Link
                href={`/articles/${n.article.id}#comment-${n.comment.root_id ?? n.comment.id}`}
                onClick={() => !n.read && void markRead([n.id])}
                className="block rounded-lg p-1 hover:bg-slate-50"
              >
                <p className="flex items-center gap-2 text-sm text-slate-800">
                  {!n.read ? <span className="size-2 shrink-0 rounded-full bg-rose-500" aria-label="未读" role="img" /> : null}
                  <span className={n.read ? "" : "font-medium"}>{sentence(n)}</span>
                </p>
                {n.kind !== "removed" || n.comment.content ? <p className="mt-1 line-clamp-2 text-sm break-words whitespace-pre-wrap text-slate-600">{n.comment.content}</p> : null}
                <p className="mt-1 text-xs text-slate-500">
                  《{n.article.title}》 · <time dateTime={n.updated_at}>{commentTime(n.updated_at)}</time>
                </p>
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
      {data && data.items.length < data.total ? (
        <button type="button" onClick={() => void load(page + 1)} className="mt-2 min-h-10 w-full rounded-lg text-sm text-brand-600 hover:bg-slate-50">
          加载更多
        </button>
      ) : null}
    </section>
  );
}
