"use client";
// 个性化推荐: the switch (remembered on the account) and the interest labels the signed-in feed is built from,
// strongest first, each removable (《互联网信息服务算法推荐管理规定》 article 17: a reader can turn personalised
// recommendation off, and see and delete the labels it uses). docs/recommendations.md.
import { Sparkles, X } from "lucide-react";
import { useState } from "react";
import { api, errorText } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { MSG } from "@/lib/messages";

export type Interests = { personalized: boolean; items: { label: string; weight: number }[] };

export function InterestsCard({ initial }: { initial: Interests }) {
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);

  async function change(key: string, run: () => Promise<Interests>, failed: string) {
    setBusy(key);
    try {
      setState(await run());
    } catch (err) {
      toast.error(errorText(err, failed));
    } finally {
      setBusy(null);
    }
  }

  const toggle = () =>
    change("switch", () => api<Interests>("/users/me/interests", { method: "PUT", json: { personalized: !state.personalized } }), MSG.personalizationFailed);
  const clear = () => {
    if (window.confirm(MSG.clearInterestsConfirm)) void change("clear", () => api<Interests>("/users/me/interests", { method: "DELETE" }), MSG.interestRemoveFailed);
  };
  const remove = (label: string) =>
    change(`label:${label}`, () => api<Interests>(`/users/me/interests/${encodeURIComponent(label)}`, { method: "DELETE" }), MSG.interestRemoveFailed);

  return (
    <section aria-labelledby="interests-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="interests-card">
      <div className="flex items-start gap-3">
        <Sparkles className="mt-0.5 size-5 shrink-0 text-brand-500" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id="interests-title" className="text-base font-semibold text-slate-900">
            个性化推荐
          </h2>
          <p id="interests-hint" className="mt-1 text-xs text-slate-500">
            {state.personalized ? "首页会根据你的点赞、收藏和阅读推荐文章，每篇推荐都会说明原因。" : "已关闭：首页按热度排序，你的操作也不再用于推荐。"}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={state.personalized}
          aria-describedby="interests-hint"
          disabled={busy === "switch"}
          onClick={toggle}
          data-testid="personalization-switch"
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${state.personalized ? "bg-brand-500" : "bg-slate-300"}`}
        >
          <span className="sr-only">个性化推荐</span>
          <span aria-hidden className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${state.personalized ? "translate-x-5" : "translate-x-0.5"}`} />
        </button>
      </div>
      <div className="mt-4 flex items-center justify-between gap-3">
        <h3 className="text-sm text-slate-800">兴趣标签</h3>
        {state.items.length ? (
          <button type="button" onClick={clear} disabled={busy === "clear"} className="text-xs text-slate-500 underline-offset-2 hover:text-slate-800 hover:underline disabled:opacity-60">
            全部清除
          </button>
        ) : null}
      </div>
      {state.items.length ? (
        <ul className="mt-2 flex flex-wrap gap-2" data-testid="interest-labels">
          {state.items.map(({ label }) => (
            <li key={label} className="flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 py-1 pr-1 pl-3 text-sm text-slate-700">
              {label}
              <button
                type="button"
                onClick={() => remove(label)}
                disabled={busy === `label:${label}`}
                aria-label={`删除兴趣标签「${label}」`}
                className="rounded-full p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 disabled:opacity-60"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-xs text-slate-500">还没有兴趣标签。点赞、收藏或阅读文章后，这里会出现你关注的主题。</p>
      )}
    </section>
  );
}
