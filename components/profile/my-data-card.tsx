"use client";
// 数据与账号: a copy of everything the account holds, as one JSON file, and 注销账号 (个人信息保护法 articles 45
// and 47; docs/privacy.md).
import { Download, UserX } from "lucide-react";
import { useState } from "react";
import type { ApiUser } from "@/lib/auth/serialize";
import { api, errorText } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { MSG } from "@/lib/messages";
import { DeleteAccountDialog } from "./delete-account-dialog";

/** Saves `data` as a file named `name` through a temporary link (the page's own origin: no popup, no new tab). */
function save(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function MyDataCard({ user }: { user: ApiUser }) {
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const data = await api<unknown>("/users/me/export");
      save(`shiyue-export-${user.id}-${new Date().toISOString().slice(0, 10)}.json`, data);
      toast.success(MSG.exportReady);
    } catch (err) {
      toast.error(errorText(err, MSG.exportFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="my-data-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="my-data-title" className="text-base font-semibold text-slate-900">
        数据与账号
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <p className="min-w-0 flex-1 text-xs text-slate-500">下载一份你在拾阅的全部数据：资料、点赞、收藏、评论、阅读记录、智能总结和兴趣标签（JSON 文件）。</p>
        <button type="button" onClick={download} disabled={busy} className="flex shrink-0 items-center gap-1 rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-600 hover:bg-slate-50 disabled:opacity-60">
          <Download className="size-3.5" aria-hidden />
          {busy ? "准备中…" : "下载我的数据"}
        </button>
      </div>
      <div className="mt-3 flex items-center gap-3 border-t border-slate-100 pt-3">
        <p className="min-w-0 flex-1 text-xs text-slate-500">永久删除账号和其中的全部数据。</p>
        <button type="button" onClick={() => setDeleting(true)} className="flex shrink-0 items-center gap-1 rounded-full border border-red-300 px-3 py-1 text-xs text-red-700 hover:bg-red-50">
          <UserX className="size-3.5" aria-hidden />
          注销账号
        </button>
      </div>
      {deleting ? <DeleteAccountDialog user={user} onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}
