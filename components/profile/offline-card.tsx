"use client";
// 离线阅读 (issue 45): what this device keeps for reading without a connection — the favourites and the last
// articles opened (lib/offline/store.ts) — how much room it takes, and 清除离线内容.
import { HardDrive, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { toast } from "@/lib/client/toast";
import { OPENED_KEPT } from "@/lib/offline/store";

type Usage = { favorites: number; opened: number; waiting: number; bytes: number; quota: number | null };

const mb = (bytes: number) =>
  bytes < 1024 ** 2 ? `${Math.max(Math.round(bytes / 1024), 1)} KB` : bytes < 1024 ** 3 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : `${(bytes / 1024 ** 3).toFixed(1)} GB`;

async function measure(): Promise<Usage> {
  const { shelf } = await import("@/lib/offline/sync");
  const s = shelf();
  const [articles, outbox] = await Promise.all([s.articles(), s.outbox()]);
  // The shelf's own size (UTF-16 text, as the browser keeps it), and the browser's room for the whole site.
  const bytes = articles.reduce((n, a) => n + 2 * (a.title.length + a.content.length + a.author.length + a.sourceUrl.length) + 64, 0);
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return {
    favorites: articles.filter((a) => a.favoritedAt).length,
    opened: articles.filter((a) => !a.favoritedAt).length,
    waiting: outbox.length,
    bytes,
    quota: estimate?.quota ?? null,
  };
}

export function OfflineCard() {
  const [usage, setUsage] = useState<Usage | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(() => {
    measure().then(setUsage, (err) => console.warn("离线内容读取失败", err));
  }, []);
  useEffect(refresh, [refresh]);

  async function clear() {
    setBusy(true);
    try {
      const { shelf } = await import("@/lib/offline/sync");
      await shelf().clearArticles();
      toast.success("已清除本机的离线内容");
      refresh();
    } catch (err) {
      console.warn("清除离线内容失败", err);
      toast.error("清除失败，请重试");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="offline-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="offline-card">
      <h2 id="offline-title" className="flex items-center gap-1.5 text-base font-semibold text-slate-900">
        <HardDrive className="size-4 text-brand-500" aria-hidden />
        离线阅读
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        本机保存你的收藏和最近读过的 {OPENED_KEPT} 篇文章（只有文字，不含图片），没有网络时在
        <a href="/offline" className="mx-0.5 text-brand-600 underline">
          离线阅读
        </a>
        里也能读。离线时的点赞和收藏会在联网后同步。
      </p>
      <div className="mt-3 flex items-center gap-3">
        <p className="min-w-0 flex-1 text-sm text-slate-700" data-testid="offline-usage">
          {usage
            ? `收藏 ${usage.favorites} 篇 · 最近读过 ${usage.opened} 篇 · 约 ${mb(usage.bytes)}${usage.quota ? `（浏览器为本站提供约 ${mb(usage.quota)}）` : ""}${usage.waiting ? ` · ${usage.waiting} 项操作待同步` : ""}`
            : "正在读取…"}
        </p>
        <button
          type="button"
          onClick={clear}
          disabled={busy || !usage || usage.favorites + usage.opened === 0}
          className="flex shrink-0 items-center gap-1 rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-600 hover:bg-slate-50 disabled:opacity-60"
        >
          <Trash2 className="size-3.5" aria-hidden />
          清除离线内容
        </button>
      </div>
    </section>
  );
}
