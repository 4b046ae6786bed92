"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import type { ApiArticle } from "@/lib/articles/serialize";
import { api } from "@/lib/client/api";
import { getToken, useSessionChange } from "@/lib/client/session";
import { formatCount } from "@/lib/format";
import { FEED_MSG } from "@/lib/feed-messages";
import { CardIcon } from "./card-icons";

type Marks = { liked: boolean; likes: number; favorited: boolean; favorites: number };

/** What the controls need of an article: the card passes only this, so the page's payload stays small. */
export type CardCounts = Pick<ApiArticle, "id" | "title" | "like_cnt" | "comment_cnt" | "favorite_cnt" | "is_liked" | "is_favorited">;

const marksOf = (a: CardCounts): Marks => ({
  liked: Boolean(a.is_liked),
  likes: a.like_cnt,
  favorited: Boolean(a.is_favorited),
  favorites: a.favorite_cnt,
});

/** The offline queue's module, loaded when first needed (lib/offline/sync.ts). */
const offline = () => import("@/lib/offline/sync");

/**
 * A card's like, comment and bookmark controls (SPEC sections 4, 6, 8). Marks come with the list item and
 * change only when the server answered: a like moves the count by one as its `action` says, a bookmark
 * favourites for real. Signed out, any of them asks to log in. Failures are only logged. Without a connection
 * (issue 45) a like or a bookmark is queued on this device and shown done at once; it is sent when the
 * connection returns (a like as an idempotent PUT, so a replay never undoes it).
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
    if (window.confirm(FEED_MSG.interactNeedsLogin)) {
      router.push(`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
    }
    return false;
  }

  /** Offline (or the call failed for want of a connection): queued for later, shown done. */
  const later = (kind: "like" | "unlike" | "favorite" | "unfavorite", err?: unknown) => offline().then((m) => m.queueIfOffline(kind, article, err), () => false);

  async function like() {
    if (!signedInOrAsk() || busy) return;
    setBusy(true);
    const liked = !marks.liked;
    const kind = liked ? "like" : "unlike";
    try {
      if (navigator.onLine) {
        const res = await api<{ data?: { action?: string } }>(`/likes/${article.id}`, { method: "POST" });
        showLiked(res?.data?.action === "liked");
      } else if (await later(kind)) showLiked(liked);
    } catch (err) {
      if (await later(kind, err)) showLiked(liked);
      else console.warn("点赞失败", err);
    } finally {
      setBusy(false);
    }
  }
  /** The like as `liked`, the count moved by one its way (SPEC section 6). */
  function showLiked(liked: boolean) {
    setMarks((m) => ({ ...m, liked, likes: Math.max(m.likes + (liked ? 1 : -1), 0) }));
  }

  async function bookmark() {
    if (!signedInOrAsk() || busy) return;
    setBusy(true);
    const favorited = !marks.favorited;
    const kind = favorited ? "favorite" : "unfavorite";
    const show = () => setMarks((m) => ({ ...m, favorited, favorites: Math.max(m.favorites + (favorited ? 1 : -1), 0) }));
    try {
      if (navigator.onLine) {
        const res = favorited
          ? await api<{ data: { is_favorited: boolean; favorite_cnt: number } }>("/favorites", { json: { article_id: article.id } })
          : await api<{ data: { is_favorited: boolean; favorite_cnt: number } }>(`/favorites/${article.id}`, { method: "DELETE" });
        setMarks((m) => ({ ...m, favorited: res.data.is_favorited, favorites: res.data.favorite_cnt }));
        void offline().then((m) => m.favoriteChanged(article.id, res.data.is_favorited).catch(() => undefined));
      } else if (await later(kind)) show();
    } catch (err) {
      if (await later(kind, err)) show();
      else console.warn("收藏操作失败", err);
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
        <CardIcon name="heart" className={`size-4 ${marks.liked ? "fill-current" : ""}`} />
        <span data-testid="like-count">{likes}</span>
      </button>
      <button type="button" onClick={comment} aria-label={`评论 ${comments}`} className={base}>
        <CardIcon name="comment" className="size-4" />
        <span>{comments}</span>
      </button>
      <button type="button" onClick={bookmark} disabled={busy} aria-pressed={marks.favorited} aria-label={`${marks.favorited ? "取消收藏" : "收藏"} ${favorites}`} className={`${base} ${marks.favorited ? "text-amber-700 [&_svg]:text-amber-500" : ""}`}>
        <CardIcon name="bookmark" className={`size-4 ${marks.favorited ? "fill-current" : ""}`} />
        <span data-testid="favorite-count">{favorites}</span>
      </button>
    </div>
  );
}
