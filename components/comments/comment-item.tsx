"use client";
// One comment of a thread, with what a reader can do with it: like, reply, report someone else's, edit one's own
// within five minutes, delete one's own. A root lists its first replies and fetches the rest on request.
import { Flag, Heart, MessageCircle, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { api } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { COMMENT_DELETED_TEXT, REPORT_REASON_LABELS } from "@/lib/comments/constants";
import type { CommentObject } from "@/lib/comments/serialize";
import { formatCount } from "@/lib/format";
import { CommentComposer } from "./comment-composer";
import { CommentText, commentTime } from "./comment-text";
import type { useCommentActions } from "./use-comment-actions";

type Actions = ReturnType<typeof useCommentActions>;
type Props = { comment: CommentObject; actions: Actions; onChange: (c: CommentObject | null) => void; onReply?: (c: CommentObject) => void };

const small = "flex min-h-8 items-center gap-1 rounded-md px-1.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-brand-600";

function Avatar({ name }: { name: string }) {
  return (
    <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-medium text-brand-700">
      {name.slice(0, 1)}
    </span>
  );
}

export function CommentItem({ comment: c, actions, onChange, onReply }: Props) {
  const [mode, setMode] = useState<"view" | "edit" | "report" | "reply">("view");
  const [reason, setReason] = useState<keyof typeof REPORT_REASON_LABELS>("spam");
  const [note, setNote] = useState("");
  const [more, setMore] = useState<{ page: number; loading: boolean }>({ page: 0, loading: false });
  /** Whom the reply box answers: this root, or one of its replies (回复 @某人, posted under this root). */
  const [target, setTarget] = useState<CommentObject>(c);
  const gone = c.status === "deleted";
  const name = c.user?.display_name ?? "已注销用户";
  const replies = c.replies ?? [];

  function answer(whom: CommentObject) {
    if (!actions.signedInOrAsk()) return;
    setTarget(whom);
    setMode(mode === "reply" && target.id === whom.id ? "view" : "reply");
  }

  async function like() {
    const r = await actions.like(c.id);
    if (r) onChange({ ...c, is_liked: r.action === "liked", like_cnt: r.like_cnt });
  }
  async function remove() {
    if (!window.confirm("确定删除这条评论吗？")) return;
    if (await actions.remove(c.id)) {
      toast.success("评论已删除");
      onChange(c.root_id === null && (c.reply_count > 0 || replies.length > 0) ? { ...c, status: "deleted", content: "", user: null, ip_region: null } : null);
    }
  }
  async function report(e: React.FormEvent) {
    e.preventDefault();
    const r = await actions.report(c.id, reason, note);
    if (r) {
      toast.success(r.already ? "你已经举报过这条评论" : "举报已提交，感谢你的反馈");
      setMode("view");
      setNote("");
    }
  }
  async function loadMoreReplies() {
    setMore({ ...more, loading: true });
    try {
      const page = more.page + 1;
      const res = await api<{ data: { items: CommentObject[]; has_more: boolean } }>(`/comments/${c.id}/replies`, { query: { page, limit: 20 } });
      const seen = new Set(page === 1 ? [] : replies.map((r) => r.id));
      onChange({ ...c, replies: [...(page === 1 ? [] : replies), ...res.data.items.filter((r) => !seen.has(r.id))], reply_count: res.data.has_more ? c.reply_count : Math.max(c.reply_count, replies.length) });
      setMore({ page, loading: false });
    } catch {
      toast.error("回复加载失败，请稍后重试");
      setMore({ ...more, loading: false });
    }
  }

  return (
    <li className="flex gap-3 py-3" data-testid="comment" data-comment-id={c.id} id={`comment-${c.id}`}>
      <Avatar name={gone ? "删" : name} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium text-slate-800">{gone ? COMMENT_DELETED_TEXT : name}</span>
          {c.reply_to && c.reply_to.id !== c.root_id ? <span className="text-slate-500">回复 @{c.reply_to.display_name}</span> : null}
          {c.status === "pending" ? <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-800">审核中，仅自己可见</span> : null}
        </div>
        {mode === "edit" ? (
          <CommentComposer
            label="修改评论"
            placeholder="修改你的评论"
            submitLabel="保存"
            initial={c.content}
            autoFocus
            onCancel={() => setMode("view")}
            onSubmit={async (text) => {
              const updated = await actions.edit(c.id, text);
              if (updated) {
                onChange({ ...updated, replies: c.replies });
                setMode("view");
              }
              return Boolean(updated);
            }}
          />
        ) : gone ? null : (
          <CommentText text={c.content} />
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-1 gap-y-1 text-xs text-slate-500">
          <time dateTime={c.created_at} className="mr-1">{commentTime(c.created_at)}</time>
          {c.ip_region ? <span className="mr-1">IP 属地：{c.ip_region}</span> : null}
          {c.edited ? <span className="mr-1">已编辑</span> : null}
          {!gone && c.status === "visible" ? (
            <>
              <button type="button" onClick={like} aria-pressed={c.is_liked} aria-label={`${c.is_liked ? "取消点赞" : "点赞"} ${formatCount(c.like_cnt)}`} className={`${small} ${c.is_liked ? "text-rose-600" : ""}`}>
                <Heart className={`size-3.5 ${c.is_liked ? "fill-current" : ""}`} aria-hidden />
                {formatCount(c.like_cnt)}
              </button>
              <button type="button" onClick={() => (onReply ? onReply(c) : answer(c))} className={small}>
                <MessageCircle className="size-3.5" aria-hidden />
                回复
              </button>
              {!c.is_mine ? (
                <button type="button" onClick={() => actions.signedInOrAsk() && setMode("report")} className={small}>
                  <Flag className="size-3.5" aria-hidden />
                  举报
                </button>
              ) : null}
            </>
          ) : null}
          {c.can_edit && mode !== "edit" ? (
            <button type="button" onClick={() => setMode("edit")} className={small}>
              <Pencil className="size-3.5" aria-hidden />
              编辑
            </button>
          ) : null}
          {c.is_mine && !gone ? (
            <button type="button" onClick={remove} className={small}>
              <Trash2 className="size-3.5" aria-hidden />
              删除
            </button>
          ) : null}
        </div>
        {c.is_mine && c.status === "removed" ? <p className="mt-1 text-xs text-rose-700">该评论已被管理员删除：{c.removed_reason ?? "违反社区规范"}</p> : null}
        {mode === "report" ? (
          <form onSubmit={report} className="mt-2 rounded-lg border border-slate-200 p-3 text-sm" aria-label="举报这条评论">
            <fieldset>
              <legend className="mb-1 font-medium text-slate-800">举报理由</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {Object.entries(REPORT_REASON_LABELS).map(([value, label]) => (
                  <label key={value} className="flex min-h-8 items-center gap-1.5 text-slate-700">
                    <input type="radio" name={`reason-${c.id}`} value={value} checked={reason === value} onChange={() => setReason(value as keyof typeof REPORT_REASON_LABELS)} />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="mt-2 block text-slate-700">
              补充说明（选填）
              <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900" />
            </label>
            <div className="mt-2 flex justify-end gap-2">
              <button type="button" onClick={() => setMode("view")} className="min-h-9 rounded-md px-3 text-slate-600 hover:bg-slate-100">
                取消
              </button>
              <button type="submit" className="min-h-9 rounded-md bg-brand-500 px-4 font-medium text-white hover:bg-brand-600">
                提交举报
              </button>
            </div>
          </form>
        ) : null}
        {mode === "reply" ? (
          <CommentComposer
            key={target.id}
            label={`回复 ${target.user?.display_name ?? name}`}
            placeholder={`回复 @${target.user?.display_name ?? name}`}
            submitLabel="回复"
            autoFocus
            onCancel={() => setMode("view")}
            onSubmit={async (text) => {
              const posted = await actions.post(c.article_id, text, target.id);
              if (posted) {
                onChange({ ...c, replies: [...replies, posted], reply_count: c.reply_count + (posted.status === "visible" ? 1 : 0) });
                setMode("view");
                if (posted.status === "pending") toast("回复已提交，审核通过后所有人可见");
              }
              return Boolean(posted);
            }}
          />
        ) : null}
        {replies.length ? (
          <ol className="mt-1 divide-y divide-slate-100 rounded-lg bg-slate-50 px-3" aria-label={`${name}的评论的回复`}>
            {replies.map((r) => (
              <CommentItem
                key={r.id}
                comment={r}
                actions={actions}
                onChange={(next) => onChange({ ...c, replies: next ? replies.map((x) => (x.id === r.id ? next : x)) : replies.filter((x) => x.id !== r.id), reply_count: next ? c.reply_count : Math.max(c.reply_count - 1, 0) })}
                onReply={answer}
              />
            ))}
          </ol>
        ) : null}
        {c.root_id === null && c.reply_count > replies.length ? (
          <button type="button" onClick={loadMoreReplies} disabled={more.loading} className="mt-1 min-h-8 text-xs text-brand-600 hover:underline">
            {more.loading ? "加载中…" : `查看全部 ${c.reply_count} 条回复`}
          </button>
        ) : null}
      </div>
    </li>
  );
}
