"use client";
// The console's actions on one source: 立即抓取 (its outcome shown beside the buttons and toasted), 暂停 / 恢复,
// 编辑 (platform, interval, items per poll) and 删除 (confirmed; the articles it collected stay).
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "@/lib/client/toast";
import { api, errorText } from "@/lib/client/api";
import { useAdminAction } from "../use-admin-action";
import { settingsFrom, SourceFields, type ItemLimits } from "./source-fields";

type Props = {
  limits: ItemLimits;
  source: { id: number; name: string; enabled: boolean; platform: string | null; intervalSeconds: number; maxItems: number; articleCount: number };
};

type Polled = { data: { status: "updated" | "not_modified" | "failed"; added: number; duplicates: number; error: string | null } };

/** Longer than a feed may take to answer (FEED_TIMEOUT_MS, 20 s) and be stored. */
const POLL_TIMEOUT_MS = 60_000;

const button = "rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50";

export function pollOutcome({ status, added, error }: Polled["data"]): { ok: boolean; text: string } {
  if (status === "failed") return { ok: false, text: `失败：${error ?? "未知错误"}` };
  return { ok: true, text: added > 0 ? `新增 ${added} 篇` : "没有更新" };
}

export function SourceActions({ source: s, limits }: Props) {
  const router = useRouter();
  const { run, busy } = useAdminAction();
  const [polling, setPolling] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [editing, setEditing] = useState(false);
  const [, startTransition] = useTransition();
  const path = `/api/admin/sources/${s.id}`;

  async function poll() {
    setPolling(true);
    setOutcome(null);
    try {
      const { data } = await api<Polled>(`${path}/poll`, { method: "POST", timeoutMs: POLL_TIMEOUT_MS });
      const result = pollOutcome(data);
      setOutcome(result);
      if (result.ok) toast.success(`${s.name}：${result.text}`);
      else toast.error(`${s.name}：${result.text}`);
      startTransition(() => router.refresh());
    } catch (err) {
      const text = errorText(err, "抓取请求失败，请重试");
      setOutcome({ ok: false, text });
      toast.error(text);
    } finally {
      setPolling(false);
    }
  }

  async function remove() {
    const kept = s.articleCount ? `已收集的 ${s.articleCount} 篇文章会保留` : "已收集的文章会保留";
    if (!window.confirm(`确定删除订阅源「${s.name}」吗？删除后不再抓取它的新文章，${kept}。`)) return;
    await run({ path, method: "DELETE" }, "已删除订阅源，文章保留");
  }

  async function edit(form: FormData) {
    const done = await run({ path, method: "PATCH", json: settingsFrom(form) }, (r: { data: { changed: boolean } }) =>
      r.data.changed ? "已保存，下次抓取生效" : "没有需要保存的修改",
    );
    if (done) setEditing(false);
  }

  const toggle = () =>
    run({ path, method: "PATCH", json: { enabled: !s.enabled } }, s.enabled ? "已暂停，不再定时抓取" : "已恢复定时抓取");

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={button} disabled={polling || busy} onClick={poll}>
          {polling ? "抓取中…" : "立即抓取"}
        </button>
        <button type="button" className={button} disabled={busy} onClick={toggle}>
          {s.enabled ? "暂停" : "恢复"}
        </button>
        <button type="button" className={button} disabled={busy} aria-expanded={editing} onClick={() => setEditing(!editing)}>
          编辑
        </button>
        <button type="button" className={`${button} text-red-600 hover:bg-red-50`} disabled={busy} onClick={remove}>
          删除
        </button>
        <span role="status" aria-live="polite" className={`text-sm ${outcome?.ok === false ? "text-red-600" : "text-emerald-700"}`}>
          {outcome ? outcome.text : null}
        </span>
      </div>
      {editing ? (
        <form action={edit} aria-label={`编辑订阅源 #${s.id}`} className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3">
          <SourceFields limits={limits} platform={s.platform} intervalSeconds={s.intervalSeconds} maxItems={s.maxItems} />
          <button type="submit" disabled={busy} className="rounded-lg bg-brand-500 px-3 py-2 text-sm text-white hover:bg-brand-600 disabled:opacity-50">
            保存
          </button>
          <button type="button" className={button} onClick={() => setEditing(false)}>
            取消
          </button>
        </form>
      ) : null}
    </div>
  );
}
