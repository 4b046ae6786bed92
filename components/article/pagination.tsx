"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRouter } from "next/navigation";
import { isNavigable, pageWindow } from "@/lib/articles/pagination";
import { api, ApiRequestError } from "@/lib/client/api";
import { FEED_MSG } from "@/lib/feed-messages";

type Props = { page: number; count: number; keyword?: string; signedIn: boolean };

/** Previous/next, first and last, current ± 2 with ellipses; hidden for one page or fewer. */
export function Pagination({ page, count, keyword, signedIn }: Props) {
  const router = useRouter();
  const items = pageWindow(page, count);
  if (!items.length) return null;

  const href = (p: number) => {
    const q = new URLSearchParams();
    if (keyword) q.set("q", keyword);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return s ? `/?${s}` : "/";
  };

  async function go(target: number) {
    if (!isNavigable(target, page, count)) return;
    if (target > 1 && !signedIn) {
      if (window.confirm(FEED_MSG.moreNeedsLoginConfirm)) {
        router.push(`/login?redirect=${encodeURIComponent(href(target))}`);
      }
      return;
    }
    if (target > 1) {
      // SPEC section 7: a 401 on a later page (the session ended meanwhile) keeps these items and alerts.
      const probe = keyword ? { keyword, page: target, limit: 1 } : { page: target, limit: 1 };
      const denied = await api(keyword ? "/articles/search" : "/articles", { query: probe }).then(
        () => false,
        (err) => err instanceof ApiRequestError && err.status === 401,
      );
      if (denied) {
        window.alert(keyword ? FEED_MSG.moreSearchNeedsLogin : FEED_MSG.moreNeedsLogin);
        return;
      }
    }
    router.push(href(target));
    window.scrollTo({ top: 0 });
  }

  const base = "flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm";
  return (
    <nav aria-label="分页" className="mt-6 flex flex-wrap items-center justify-center gap-1">
      <button type="button" onClick={() => go(page - 1)} disabled={page <= 1} aria-label="上一页" className={`${base} text-slate-600 hover:bg-white disabled:opacity-40`}>
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      {items.map((item) =>
        typeof item === "number" ? (
          <button
            key={item}
            type="button"
            onClick={() => go(item)}
            aria-current={item === page ? "page" : undefined}
            aria-label={`第 ${item} 页`}
            className={`${base} ${item === page ? "bg-brand-500 font-medium text-white" : "text-slate-700 hover:bg-white"}`}
          >
            {item}
          </button>
        ) : (
          <span key={item} className={`${base} text-slate-500`} aria-hidden>
            …
          </span>
        ),
      )}
      <button type="button" onClick={() => go(page + 1)} disabled={page >= count} aria-label="下一页" className={`${base} text-slate-600 hover:bg-white disabled:opacity-40`}>
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </nav>
  );
}
