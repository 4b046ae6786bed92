"use client";
// 添加订阅源: the feed's address, platform, interval and items per poll, and whether it may be on the local
// network (a self-hosted RSSHub). The same rules as `npm run feeds -- add`; an address already collected is
// reported, not changed.
import { useRef } from "react";
import { useAdminAction } from "../use-admin-action";
import { fieldClass, settingsFrom, SourceFields, type ItemLimits } from "./source-fields";

type Added = { data: { created: boolean; source: { id: number } } };

export function AddSourceForm({ limits }: { limits: ItemLimits }) {
  const { run, busy } = useAdminAction();
  const formRef = useRef<HTMLFormElement>(null);

  async function add(form: FormData) {
    const json = { url: String(form.get("url") ?? ""), ...settingsFrom(form), allow_private: form.get("allow_private") === "on" };
    const done = await run<Added>({ path: "/api/admin/sources", json }, ({ data }) =>
      data.created ? `已添加订阅源 #${data.source.id}，点「立即抓取」马上收录` : `订阅源已存在：#${data.source.id}（可在列表中编辑设置）`,
    );
    if (done) formRef.current?.reset();
  }

  return (
    <form ref={formRef} action={add} aria-label="添加订阅源" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-medium text-slate-900">添加订阅源</h2>
      <label className="flex flex-col gap-1 text-xs text-slate-500">
        订阅源地址
        <input name="url" type="text" inputMode="url" required maxLength={2000} placeholder="https://example.com/feed.xml（RSS、Atom 或 JSON Feed）" className={fieldClass} />
      </label>
      <div className="flex flex-wrap items-end gap-2">
        <SourceFields limits={limits} />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-600">
        <input name="allow_private" type="checkbox" className="size-4" />
        允许内网地址（如自建的 RSSHub）
      </label>
      <div>
        <button type="submit" disabled={busy} className="rounded-lg bg-brand-500 px-4 py-2 text-sm text-white hover:bg-brand-600 disabled:opacity-50">
          添加
        </button>
      </div>
    </form>
  );
}
