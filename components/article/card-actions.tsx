"use client";

import { Bookmark, Heart, MessageCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import type { ApiArticle } from "@/lib/articles/serialize";
import { api } from "@/lib/client/api";
import { getToken, useSessionChange } from "@/lib/client/session";
import { formatCount } from "@/lib/format";
import { MSG } from "@/lib/messages";

type Marks = { liked: boolean; likes: number; favorited: boolean; favorites: number };

/** What the controls need of an article: the card passes only this, so the page's payload stays small. */
export type CardCounts = Pick<ApiArticle, "id" | "like_cnt" | "comment_cnt" | "favorite_cnt" | "is_liked" | "is_favorited">;

const marksOf = (a: CardCounts): Marks => ({
  liked: Boolean(a.is_liked),
  likes: a.like_cnt,
  favorited: Boolean(a.is_favorited),
  favorites: a.favorite_cnt,
});

/**
 * A card's like, comment and bookmark controls (SPEC sections 4, 6, 8). Marks come with the list item and
 * change only when the server answered: a like moves the count by one as its `action` says, a bookmark
 * favourites for real. Signed out, any of them asks to log in. Failures are only logged.
 */
export function CardActions({ article }: { article: CardCounts }) {
  const router = useRouter();
  const [marks, setMarks] = useState(() => marksOf(article));
  const [source, setSource] = useState(article);
  const [busy, setBusy] = useState(false);
  if (source !== article) {
    // The server sent this article again (refresh after sign-in, pull-to-refresh): take its marks.
    setSource(article);
    setMarks(marksOf(article));
  }
  useSessionChange(
    useCallback((signedIn: boolean) => {
      if (!signedIn) setMarks((m) => ({ ...m, liked: false, favorited: false }));
    }, []),
  );

  function signedInOrAsk(): boolean {
    if (getToken()) return true;
    if (window.confirm(MSG.interactNeedsLogin)) {
      router.push(`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
    }
    return false;
  }

  async function like() {
    if (!signedInOrAsk() || busy) return;
    setBusy(true);
    try {
      const res = await api<{ data?: { action?: string } }>(`/likes/${article.id}`, { method: "POST" });
      const liked = res?.data?.action === "liked";
      setMarks((m) => ({ ...m, liked, likes: Math.max(m.likes + (liked ? 1 : -1), 0) }));
    } catch (err) {
      console.warn("点赞失败", err);
    } finally {
      setBusy(false);
    }
  }

  async function bookmark() {
    if (!signedInOrAsk() || busy) return;
    setBusy(true);
    try {
      const res = marks.favorited
        ? await api<{ data: { is_favorited: boolean; favorite_cnt: number } }>(`/favorites/${article.id}`, { method: "DELETE" })
        : await api<{ data: { is_favorited: boolean; favorite_cnt: number } }>("/favorites", { json: { article_id: article.id } });
      setMarks((m) => ({ ...m, favorited: res.data.is_favorited, favorites: res.data.favorite_cnt }));
    } catch (err) {
      console.warn("收藏操作失败", err);
    } finally {
      setBusy(false);
    }
  }

  function comment() {
    if (!signedInOrAsk()) return;
    router.push(`/articles/${article.id}#comments`);
  }

  // Each button's name is its action followed by the count it shows ("点赞 12"): the visible text is part of it.
  const likes = formatCount(marks.likes);
  const comments = formatCount(article.comment_cnt);
  const favorites = formatCount(marks.favorites);
  const base = "flex items-center gap-1 rounded-md py-1 transition-colors hover:text-brand-600 disabled:opacity-60";
  return (
    <div className="mt-3 flex gap-5 border-t border-slate-100 pt-2 text-xs text-slate-500" data-testid="card-actions">
      <button type="button" onClick={like} disabled={busy} aria-pressed={marks.liked} aria-label={`${marks.liked ? "取消点赞" : "点赞"} ${likes}`} className={`${base} ${marks.liked ? "text-rose-600" : ""}`}>
        <Heart className={`size-4 ${marks.liked ? "fill-current" : ""}`} aria-hidden />
        <span data-testid="like-count">{likes}</span>
      </button>
      <button type="button" onClick={comment} aria-label={`评论 ${comments}`} className={base}>
        <MessageCircle className="size-4" aria-hidden />
        <span>{comments}</span>
      </button>
      <button type="button" onClick={bookmark} disabled={busy} aria-pressed={marks.favorited} aria-label={`${marks.favorited ? "取消收藏" : "收藏"} ${favorites}`} className={`${base} ${marks.favorited ? "text-amber-700 [&_svg]:text-amber-500" : ""}`}>
        <Bookmark className={`size-4 ${marks.favorited ? "fill-current" : ""}`} aria-hidden />
        <span data-testid="favorite-count">{favorites}</span>
      </button>
    </div>
  );
}
