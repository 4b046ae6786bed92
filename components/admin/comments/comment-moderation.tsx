"use client";
// The console's decisions on one comment: 通过 (it shows; its reports are settled), 删除 with a reason its author
// is told in 消息, and 禁言 of its author for a chosen time (or its lifting). Each is in 操作记录.
import { useId, useState } from "react";
import { REPORT_REASON_LABELS } from "@/lib/comments/constants";
import { useAdminAction } from "../use-admin-action";

type Props = { id: number; status: string; author: { id: number; name: string; mutedUntil: string | null } | null };

const button = "rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50";
const field = "rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-sm";
const MUTE_TIMES = [
  { hours: 1, label: "1 小时" },
  { hours: 24, label: "1 天" },
  { hours: 24 * 7, label: "7 天" },
  { hours: 24 * 30, label: "30 天" },
  { hours: 8760, label: "1 年" },
];

export function CommentModeration({ id, status, author }: Props) {
  const { run, busy } = useAdminAction();
  const [open, setOpen] = useState<"remove" | "mute" | null>(null);
  const ids = useId();
  const toggle = (form: "remove" | "mute") => setOpen((o) => (o === form ? null : form));

  async function remove(data: FormData) {
    const done = await run<{ data: { changed: boolean } }>({ path: `/api/admin/comments/${id}/remove`, json: { reason: String(data.get("reason") ?? "") } }, (r) => (r.data.changed ? "已删除评论，作者会在消息中看到理由" : "该评论已经删除"));
    if (done) setOpen(null);
  }

  async function mute(data: FormData) {
    if (!author) return;
    const done = await run<{ data: { message: string } }>({ path: `/api/admin/users/${author.id}/mute`, json: { hours: Number(data.get("hours")), reason: String(data.get("reason") ?? "") } }, () => `已禁言「${author.name}」`);
    if (done) setOpen(null);
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {status !== "removed" ? (
          <>
            <button type="button" className="rounded-lg bg-brand-500 px-3 py-1.5 text-sm text-white hover:bg-brand-600 disabled:opacity-50" disabled={busy} onClick={() => run({ path: `/api/admin/comments/${id}/approve` }, status === "pending" ? "已通过，评论已显示" : "已保留评论，举报已处理")}>
              {status === "pending" ? "通过" : "保留"}
            </button>
            <button type="button" className={`${button} text-red-600 hover:bg-red-50`} disabled={busy} aria-expanded={open === "remove"} onClick={() => toggle("remove")}>
              删除…
            </button>
          </>
        ) : null}
        {author && author.mutedUntil ? (
          <button type="button" className={button} disabled={busy} onClick={() => run({ path: `/api/admin/users/${author.id}/unmute` }, `已解除「${author.name}」的禁言`)}>
            解除禁言
          </button>
        ) : author ? (
          <button type="button" className={button} disabled={busy} aria-expanded={open === "mute"} onClick={() => toggle("mute")}>
            禁言…
          </button>
        ) : null}
      </div>
      {open === "remove" ? (
        <form action={remove} aria-label="删除评论" className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3">
          <label className="flex min-w-0 flex-1 basis-60 flex-col gap-1 text-xs text-slate-500">
            删除理由（作者会在消息中看到）
            <input name="reason" required maxLength={200} list={`${ids}-reasons`} className={field} autoFocus />
          </label>
          <datalist id={`${ids}-reasons`}>
            {Object.values(REPORT_REASON_LABELS).map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
          <button type="submit" className="rounded-lg bg-red-600 px-3 py-1.5 text-sm text-white hover:bg-red-700 disabled:opacity-50" disabled={busy}>
            确认删除
          </button>
        </form>
      ) : null}
      {open === "mute" && author ? (
        <form action={mute} aria-label={`禁言「${author.name}」`} className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3">
          <label className="flex flex-col gap-1 text-xs text-slate-500">
            禁言时长
            <select name="hours" defaultValue="24" className={field}>
              {MUTE_TIMES.map((t) => (
                <option key={t.hours} value={t.hours}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1 text-xs text-slate-500">
            禁言理由
            <input name="reason" required maxLength={200} className={field} />
          </label>
          <button type="submit" className="rounded-lg bg-red-600 px-3 py-1.5 text-sm text-white hover:bg-red-700 disabled:opacity-50" disabled={busy}>
            确认禁言
          </button>
        </form>
      ) : null}
    </div>
  );
}
