"use client";
// The thread under an article (id="comments", where the cards' 评论 leads): 最热 or 最新, 20 roots a page with their
// first replies, and the box to write in. The server renders page 1 as visitors see it (so the permalink stays a
// kept page); a signed-in reader's page 1 is fetched again with their likes and their comments waiting for review.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { api } from "@/lib/client/api";
import { useSignedIn } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import type { CommentObject } from "@/lib/comments/serialize";
import type { Thread } from "@/lib/comments/thread";
import { CommentComposer } from "./comment-composer";
import { CommentItem } from "./comment-item";
import { useCommentActions } from "./use-comment-actions";

type Sort = Thread["sort"];
const SORTS: [Sort, string][] = [
  ["hot", "最热"],
  ["new", "最新"],
];

const noChanges = () => () => {};

export function CommentSection({ articleId, initial }: { articleId: number; initial: Thread | null }) {
  const actions = useCommentActions();
  // False in the server's HTML, true once React has hydrated the section and its buttons answer.
  const hydrated = useSyncExternalStore(noChanges, () => true, () => false);
  const signedIn = useSignedIn();
  const [thread, setThread] = useState<Thread>(initial ?? { items: [], total: 0, has_more: false, sort: "hot", page: 1 });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(initial === null);

  const generation = useRef(0);
  /** A read is under way (the latest one asked for). */
  const reading = useRef(false);
  /** Reads a page (a newer read wins over an older one still under way); sets no state before its answer. */
  const load = useCallback(
    (sort: Sort, page: number) => {
      const mine = ++generation.current;
      reading.current = true;
      return api<{ data: Thread }>(`/articles/${articleId}/comments`, { query: { sort, page, limit: 20 } }).then(
        (res) => {
          if (mine !== generation.current) return;
          reading.current = false;
          setThread((t) => (page === 1 ? res.data : { ...res.data, items: [...t.items, ...res.data.items.filter((c) => !t.items.some((x) => x.id === c.id))] }));
          setFailed(false);
          setLoading(false);
        },
        () => {
          if (mine !== generation.current) return;
          reading.current = false;
          if (page === 1) setFailed(true);
          setLoading(false);
          toast.error("评论加载失败，请稍后重试");
        },
      );
    },
    [articleId],
  );
  const loadNow = (sort: Sort, page: number) => {
    setLoading(true);
    void load(sort, page);
  };

  // The server's page is a visitor's: signed in (or after signing in), read it again as this reader.
  useEffect(() => {
    if (signedIn || initial === null) void load(thread.sort, 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on sign-in and sign-out only
  }, [signedIn]);

  // A read under way was asked before the reader's own comment, reply or like existed: its answer would take that
  // away again (a signed-in reader's page 1 is read again on arrival, and a fast reader posts before it answers).
  // Read again instead; the read goes to the primary, so the new answer has it.
  const readAgainIfStale = () => {
    if (reading.current) void load(thread.sort, 1);
  };

  const replace = (id: number, next: CommentObject | null) => {
    readAgainIfStale();
    setThread((t) => {
      const before = t.items.find((c) => c.id === id);
      const delta = before && before.status === "visible" && (!next || next.status !== "visible") ? -1 : 0;
      return { ...t, total: Math.max(t.total + delta, 0), items: next ? t.items.map((c) => (c.id === id ? next : c)) : t.items.filter((c) => c.id !== id) };
    });
  };

  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-4 scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8" data-testid="comments" data-hydrated={hydrated}>
      <div className="flex items-center justify-between gap-3">
        <h2 id="comments-heading" className="text-lg font-semibold text-slate-900">
          评论 <span className="text-slate-500" data-testid="comments-total">{thread.total}</span>
        </h2>
        <div role="group" aria-label="评论排序" className="flex rounded-lg bg-slate-100 p-0.5 text-sm">
          {SORTS.map(([sort, label]) => (
            <button
              key={sort}
              type="button"
              aria-pressed={thread.sort === sort}
              disabled={loading}
              onClick={() => thread.sort !== sort && loadNow(sort, 1)}
              className={`min-h-8 rounded-md px-3 ${thread.sort === sort ? "bg-white font-medium text-slate-900 shadow-sm" : "text-slate-600"}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <CommentComposer
        label="写评论"
        placeholder={signedIn ? "友善发言，理性讨论" : "登录后参与评论"}
        onFocusSignedOut={actions.signedInOrAsk}
        onSubmit={async (text) => {
          const posted = await actions.post(articleId, text);
          if (!posted) return false;
          readAgainIfStale();
          setThread((t) => ({ ...t, total: t.total + (posted.status === "visible" ? 1 : 0), items: [{ ...posted, replies: [] }, ...t.items] }));
          toast.success(posted.status === "visible" ? "评论已发表" : "评论已提交，审核通过后所有人可见");
          return true;
        }}
      />
      {failed ? (
        <p className="py-6 text-center text-sm text-slate-500">评论暂时加载不出来，请稍后刷新重试</p>
      ) : thread.items.length ? (
        <ol className="mt-2 divide-y divide-slate-100" aria-label="评论列表">
          {thread.items.map((c) => (
            <CommentItem key={c.id} comment={c} actions={actions} onChange={(next) => replace(c.id, next)} />
          ))}
        </ol>
      ) : (
        <p className="py-6 text-center text-sm text-slate-500">还没有评论，来说两句吧</p>
      )}
      {thread.has_more ? (
        <button type="button" onClick={() => loadNow(thread.sort, thread.page + 1)} disabled={loading} className="mt-2 min-h-10 w-full rounded-lg text-sm text-brand-600 hover:bg-slate-50">
          {loading ? "加载中…" : "加载更多评论"}
        </button>
      ) : null}
    </section>
  );
}
