"use client";
// What a reader can do in a thread, as calls: sign-in and a proven phone asked for where writing needs them, the
// server's message shown when it refuses (a budget, an edit too late), the human check solved when asked (api()).
import { useRouter } from "next/navigation";
import { api, ApiRequestError, errorText } from "@/lib/client/api";
import { getToken } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { PHONE_PROMPT } from "@/lib/comments/constants";
import type { CommentObject } from "@/lib/comments/serialize";
import { MSG } from "@/lib/messages";

export function useCommentActions() {
  const router = useRouter();

  function signedInOrAsk(): boolean {
    if (getToken()) return true;
    if (window.confirm(MSG.interactNeedsLogin)) router.push(`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}#comments`)}`);
    return false;
  }

  /** Runs a write; a refusal is shown (or, for a missing phone, leads to the profile), and answers null. */
  async function write<T>(call: () => Promise<T>, fallback: string): Promise<T | null> {
    if (!signedInOrAsk()) return null;
    try {
      return await call();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 403 && err.detail?.startsWith("发表评论前请先验证手机号")) {
        if (window.confirm(PHONE_PROMPT)) router.push("/profile#phone");
      } else {
        toast.error(errorText(err, fallback));
      }
      return null;
    }
  }

  return {
    signedInOrAsk,
    post: (articleId: number, content: string, replyTo?: number) =>
      write(async () => (await api<{ data: CommentObject }>(`/articles/${articleId}/comments`, { json: { content, ...(replyTo ? { reply_to: replyTo } : {}) } })).data, "评论发表失败，请稍后重试"),
    edit: (id: number, content: string) => write(async () => (await api<{ data: CommentObject }>(`/comments/${id}`, { method: "PATCH", json: { content } })).data, "修改失败，请稍后重试"),
    remove: (id: number) => write(async () => (await api<{ data: { deleted: boolean } }>(`/comments/${id}`, { method: "DELETE" })).data, "删除失败，请稍后重试"),
    like: (id: number) => write(async () => (await api<{ data: { action: "liked" | "unliked"; like_cnt: number } }>(`/comments/${id}/like`, { method: "POST" })).data, "点赞失败，请稍后重试"),
    report: (id: number, reason: string, note: string) =>
      write(async () => (await api<{ data: { reported: boolean; already: boolean } }>(`/comments/${id}/report`, { json: { reason, note: note || null } })).data, "举报失败，请稍后重试"),
  };
}
