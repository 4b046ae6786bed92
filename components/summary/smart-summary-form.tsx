"use client";
// /smart-summary: pick one of four methods, paste text holding a link; the first http(s) link is found as
// you type. Start goes to /summary-progress with url and method (SPEC sections 2, 5 and 6).
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { CheckCircle2, CircleAlert, Link2, LogIn, Sparkles } from "lucide-react";
import { useSignedIn } from "@/lib/client/session";
import type { SummaryMethod } from "@/lib/client/summary-api";
import { firstLink } from "@/lib/summary/link";
import { METHOD_INFO } from "./summary-methods";

export function SmartSummaryForm() {
  const router = useRouter();
  const signedIn = useSignedIn();
  const [method, setMethod] = useState<SummaryMethod>("quick");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const link = text.trim() ? firstLink(text) : null;
  const canStart = Boolean(link?.ok) && !busy && signedIn;

  function start(e: React.FormEvent) {
    e.preventDefault();
    if (!canStart || !link?.ok) return;
    setBusy(true);
    try {
      router.push(`/summary-progress?${new URLSearchParams({ url: link.url, method })}`);
    } catch {
      setBusy(false);
      toast.error("跳转失败，请稍后重试");
    }
  }

  return (
    <form onSubmit={start} className="space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <Sparkles className="size-6 text-brand-500" aria-hidden />
          智能总结
        </h1>
        <p className="mt-1 text-sm text-slate-600">粘贴文章、视频或播客链接，AI 帮你读懂要点。</p>
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">总结方式</legend>
        <div role="radiogroup" aria-label="总结方式" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {METHOD_INFO.map((m) => {
            const checked = m.id === method;
            return (
              <label
                key={m.id}
                className={`flex cursor-pointer flex-col rounded-xl border p-3 text-left transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300 ${
                  checked ? "border-brand-500 bg-brand-50 shadow-sm" : "border-slate-200 bg-white hover:border-brand-300"
                }`}
              >
                <input type="radio" name="method" value={m.id} checked={checked} onChange={() => setMethod(m.id)} className="sr-only" />
                <span className={`text-sm font-semibold ${checked ? "text-brand-700" : "text-slate-900"}`}>{m.name}</span>
                <span className={`mt-1 text-xs leading-relaxed ${checked ? "text-slate-600" : "text-slate-500"}`}>{m.description}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div>
        <label htmlFor="summary-input" className="mb-2 block text-sm font-medium text-slate-800">
          链接或包含链接的文本
        </label>
        <textarea
          id="summary-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={4}
          placeholder="例如：看看这篇 https://example.com/article 很不错"
          className="w-full resize-y rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm leading-relaxed outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
        />
        <div className="mt-2 min-h-5 text-sm" aria-live="polite">
          {link?.ok ? (
            <p className="flex items-start gap-1.5 text-emerald-700">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="min-w-0 break-all">
                识别到链接：<span data-testid="found-link">{link.url}</span>
              </span>
            </p>
          ) : link ? (
            <p role="alert" className="flex items-start gap-1.5 text-red-600">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {link.message}
            </p>
          ) : (
            <p className="flex items-center gap-1.5 text-slate-500">
              <Link2 className="size-4" aria-hidden />
              支持以 http:// 或 https:// 开头的链接
            </p>
          )}
        </div>
      </div>

      {!signedIn ? (
        <p className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          登录后才能开始总结
          <Link
            href="/login/sms?redirect=%2Fsmart-summary"
            className="inline-flex items-center gap-1 rounded-full bg-brand-500 px-3 py-1 text-xs font-medium text-white hover:bg-brand-600"
          >
            <LogIn className="size-3.5" aria-hidden />
            去登录
          </Link>
        </p>
      ) : null}

      <button
        type="submit"
        disabled={!canStart}
        className="w-full rounded-xl bg-brand-500 py-3 text-base font-medium text-white shadow-sm hover:bg-brand-600 disabled:cursor-not-allowed disabled:bg-slate-300 sm:w-auto sm:px-10"
      >
        {busy ? "正在跳转…" : "开始总结"}
      </button>
    </form>
  );
}
