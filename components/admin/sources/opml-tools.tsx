"use client";
// OPML in and out. 导入: the chosen file is read in the browser and sent as text (≤ 1 MB); the answer's counts
// are toasted and the entries that were skipped listed with their reasons. 导出: the API's file, fetched with
// the operator's token (the API takes no cookie) and saved.
import { useRef, useState } from "react";
import { toast } from "@/lib/client/toast";
import { signInAgain } from "@/lib/client/api";
import { getToken } from "@/lib/client/session";
import { useAdminAction } from "../use-admin-action";

const button = "rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50";
const MAX_BYTES = 1024 * 1024;

/** A failure the server explained (its detail); anything else is the network's. */
class ExportError extends Error {}

type Imported = { data: { total: number; added: number; existing: number; skipped: { url: string; reason: string }[] } };

export function OpmlTools() {
  const { run, busy } = useAdminAction();
  const [skipped, setSkipped] = useState<Imported["data"]["skipped"]>([]);
  const [exporting, setExporting] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function importFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      toast.error("OPML 文件不能超过 1 MB");
      return;
    }
    const opml = await file.text();
    const done = await run<Imported>({ path: "/api/admin/sources/opml", json: { opml } }, ({ data }) =>
      `OPML 中有 ${data.total} 个订阅源：新增 ${data.added} 个，已有 ${data.existing} 个${data.skipped.length ? `，跳过 ${data.skipped.length} 个` : ""}`,
    );
    setSkipped(done?.data.skipped ?? []);
    if (input.current) input.current.value = "";
  }

  async function exportFile() {
    setExporting(true);
    try {
      const token = getToken();
      const res = await fetch("/api/admin/sources/opml", { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(30_000) });
      if (res.status === 401) return signInAgain();
      if (!res.ok) throw new ExportError(((await res.json().catch(() => null)) as { detail?: string } | null)?.detail ?? "导出失败，请重试");
      const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "shiyue-sources.opml";
      const href = URL.createObjectURL(await res.blob());
      const a = Object.assign(document.createElement("a"), { href, download: name });
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
    } catch (err) {
      toast.error(err instanceof ExportError ? err.message : "导出失败，请检查网络后重试");
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label className={`${button} cursor-pointer has-disabled:cursor-not-allowed has-disabled:opacity-50`}>
          导入 OPML
          <input ref={input} type="file" accept=".opml,.xml,text/xml,application/xml,text/x-opml" disabled={busy} className="sr-only" onChange={(e) => importFile(e.target.files?.[0])} />
        </label>
        <button type="button" className={button} disabled={exporting} onClick={exportFile}>
          导出 OPML
        </button>
      </div>
      {skipped.length ? (
        <div role="status" className="rounded-lg bg-amber-50 p-3 text-xs text-amber-900">
          <p className="font-medium">以下订阅源未导入：</p>
          <ul className="mt-1 list-disc pl-4">
            {skipped.map((s) => (
              <li key={s.url} className="break-all">
                {s.url}：{s.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
