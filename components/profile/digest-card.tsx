"use client";
// 今日精选 on /profile: the switch, the time (China time) the reader's digest is made, and the private feed —
// its RSS / Atom / JSON Feed addresses to copy into a feed reader, a new address (the old one stops working) or
// none. docs/digest.md.
import { Copy, Newspaper } from "lucide-react";
import { useState } from "react";
import { api, errorText } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";

export type DigestSettings = { enabled: boolean; time: string; personalized: boolean; feed: { rss: string; atom: string; json: string } | null };

/** Every half hour of the day, as the time choices. */
const TIMES = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);

export function DigestCard({ initial }: { initial: DigestSettings }) {
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);

  async function change(key: string, run: () => Promise<DigestSettings>, failed: string, done?: string) {
    setBusy(key);
    try {
      setState(await run());
      if (done) toast.success(done);
    } catch (err) {
      toast.error(errorText(err, failed));
    } finally {
      setBusy(null);
    }
  }

  const put = (json: { enabled?: boolean; time?: string }) => api<DigestSettings>("/users/me/digest", { method: "PUT", json });
  const toggle = () => change("switch", () => put({ enabled: !state.enabled }), "设置没有保存，请重试");
  const setTime = (time: string) => change("time", () => put({ time }), "时间没有保存，请重试", `之后每天 ${time} 生成`);
  const newFeed = () => {
    if (state.feed && !window.confirm("生成新地址后，旧的订阅地址会立即失效。继续吗？")) return;
    void change("feed", () => api<DigestSettings>("/users/me/digest/feed", { method: "POST" }), "没能生成订阅地址，请重试", "已生成新的订阅地址");
  };
  const revoke = () => {
    if (window.confirm("停用后，订阅地址会立即失效。继续吗？")) void change("feed", () => api<DigestSettings>("/users/me/digest/feed", { method: "DELETE" }), "没能停用订阅地址，请重试", "订阅地址已停用");
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("已复制订阅地址");
    } catch {
      toast.error("无法复制，请手动选中地址复制");
    }
  };

  const hint = !state.personalized
    ? "你关闭了个性化推荐，今日精选显示全站版本。"
    : state.enabled
      ? `每天 ${state.time}（北京时间）按你的兴趣和热门文章生成，每条要点都链接到文章。`
      : "已关闭：今日精选显示全站版本，不再为你单独生成。";

  return (
    <section id="digest" aria-labelledby="digest-title" className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="digest-card">
      <div className="flex items-start gap-3">
        <Newspaper className="mt-0.5 size-5 shrink-0 text-brand-500" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id="digest-title" className="text-base font-semibold text-slate-900">
            今日精选
          </h2>
          <p id="digest-hint" className="mt-1 text-xs text-slate-500">
            {hint}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={state.enabled}
          aria-describedby="digest-hint"
          disabled={busy === "switch"}
          onClick={toggle}
          data-testid="digest-switch"
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${state.enabled ? "bg-brand-500" : "bg-slate-300"}`}
        >
          <span className="sr-only">今日精选</span>
          <span aria-hidden className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${state.enabled ? "translate-x-5" : "translate-x-0.5"}`} />
        </button>
      </div>
      <label className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-800">
        生成时间（北京时间）
        <select
          value={TIMES.includes(state.time) ? state.time : ""}
          onChange={(e) => setTime(e.target.value)}
          disabled={busy === "time" || !state.enabled}
          data-testid="digest-time"
          className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm disabled:opacity-60"
        >
          {TIMES.includes(state.time) ? null : <option value="">{state.time}</option>}
          {TIMES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <h3 className="text-sm text-slate-800">RSS 订阅</h3>
        <p className="mt-1 text-xs text-slate-500">在 RSS 阅读器里订阅你的今日精选。地址含有私密密钥，请勿分享；泄露时可以生成新地址。</p>
        {state.feed ? (
          <ul className="mt-2 flex flex-col gap-2" data-testid="digest-feed-urls">
            {(
              [
                ["RSS", state.feed.rss],
                ["Atom", state.feed.atom],
                ["JSON Feed", state.feed.json],
              ] as const
            ).map(([name, url]) => (
              <li key={name} className="flex items-center gap-2 text-xs">
                <span className="w-16 shrink-0 text-slate-600">{name}</span>
                <input readOnly value={url} aria-label={`${name} 订阅地址`} onFocus={(e) => e.target.select()} className="min-w-0 flex-1 rounded border border-slate-200 bg-slate-50 px-2 py-1 font-mono text-slate-700" />
                <button type="button" onClick={() => copy(url)} aria-label={`复制 ${name} 订阅地址`} className="rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
                  <Copy className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" onClick={newFeed} disabled={busy === "feed"} data-testid="digest-feed-new" className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:border-brand-500 hover:text-brand-600 disabled:opacity-60">
            {state.feed ? "生成新地址" : "生成订阅地址"}
          </button>
          {state.feed ? (
            <button type="button" onClick={revoke} disabled={busy === "feed"} data-testid="digest-feed-revoke" className="rounded-full border border-slate-300 px-3 py-1 text-sm text-red-600 hover:border-red-400 disabled:opacity-60">
              停用订阅
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
