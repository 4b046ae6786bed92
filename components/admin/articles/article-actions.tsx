"use client";
// The console's actions on one article: hide / show (a reader's article in review: approve / reject instead), pin
// until a day / unpin, edit, delete (confirmed).
import { useState } from "react";
import { PLATFORMS } from "@/lib/articles/platforms";
import { useAdminAction } from "../use-admin-action";

type Props = {
  article: { id: number; title: string; summary: string | null; platform: string | null; hidden: boolean; review: "pending" | "rejected" | null; pinnedUntil: string | null };
};

const button = "rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50";
const field = "rounded-lg border border-slate-200 px-3 py-2 text-sm";

/** A week from today, as the date input's default end of a pin (Asia/Shanghai). */
function weekFromToday(): string {
  return new Date(Date.now() + 7 * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" });
}

export function ArticleActions({ article: a }: Props) {
  const { run, busy } = useAdminAction();
  const [panel, setPanel] = useState<"pin" | "edit" | null>(null);
  const path = `/api/admin/articles/${a.id}`;

  async function remove() {
    if (!window.confirm(`确定删除《${a.title}》吗？文章及其点赞、收藏、浏览记录将一并删除，且不可恢复。`)) return;
    await run({ path, method: "DELETE" }, "已删除文章");
  }

  async function pin(form: FormData) {
    const done = await run({ path: `${path}/pin`, json: { until: String(form.get("until") ?? "") } }, "已置顶到首页");
    if (done) setPanel(null);
  }

  async function edit(form: FormData) {
    const platform = String(form.get("platform") ?? "");
    const done = await run(
      { path, method: "PATCH", json: { title: String(form.get("title") ?? ""), summary: String(form.get("summary") ?? ""), platform: platform || null } },
      (r: { data: { changed: boolean } }) => (r.data.changed ? "已保存修改" : "没有需要保存的修改"),
    );
    if (done) setPanel(null);
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {a.review ? (
          <>
            <button type="button" className={button} disabled={busy} onClick={() => run({ path: `${path}/approve` }, "已通过，文章已发布到首页")}>
              通过
            </button>
            {a.review === "pending" ? (
              <button type="button" className={button} disabled={busy} onClick={() => run({ path: `${path}/reject` }, "已拒绝，文章继续隐藏")}>
                拒绝
              </button>
            ) : null}
          </>
        ) : a.hidden ? (
          <button type="button" className={button} disabled={busy} onClick={() => run({ path: `${path}/unhide` }, "已取消隐藏，文章重新对读者可见")}>
            取消隐藏
          </button>
        ) : (
          <button type="button" className={button} disabled={busy} onClick={() => run({ path: `${path}/hide` }, "已隐藏：首页、搜索和站点地图中不再出现")}>
            隐藏
          </button>
        )}
        {a.pinnedUntil ? (
          <button type="button" className={button} disabled={busy} onClick={() => run({ path: `${path}/unpin` }, "已取消置顶")}>
            取消置顶
          </button>
        ) : (
          <button type="button" className={button} disabled={busy || a.hidden} aria-expanded={panel === "pin"} onClick={() => setPanel(panel === "pin" ? null : "pin")}>
            置顶
          </button>
        )}
        <button type="button" className={button} disabled={busy} aria-expanded={panel === "edit"} onClick={() => setPanel(panel === "edit" ? null : "edit")}>
          编辑
        </button>
        <button type="button" className={`${button} text-red-600 hover:bg-red-50`} disabled={busy} onClick={remove}>
          删除
        </button>
      </div>
      {panel === "pin" ? (
        <form action={pin} className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3">
          <label className="flex flex-col gap-1 text-xs text-slate-500">
            置顶到（含当天）
            <input name="until" type="date" required defaultValue={weekFromToday()} className={field} />
          </label>
          <button type="submit" disabled={busy} className="rounded-lg bg-brand-500 px-3 py-2 text-sm text-white hover:bg-brand-600 disabled:opacity-50">
            确认置顶
          </button>
        </form>
      ) : null}
      {panel === "edit" ? (
        <form action={edit} className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3">
          <label className="flex flex-col gap-1 text-xs text-slate-500">
            标题
            <input name="title" required maxLength={200} defaultValue={a.title} className={field} />
          </label>
          <label className="flex flex-col gap-1 text-xs text-slate-500">
            摘要
            <textarea name="summary" maxLength={2000} rows={3} defaultValue={a.summary ?? ""} className={field} />
          </label>
          <label className="flex flex-col gap-1 text-xs text-slate-500">
            平台
            <select name="platform" defaultValue={a.platform ?? ""} className={field}>
              <option value="">未知</option>
              {PLATFORMS.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <div className="flex gap-2">
            <button type="submit" disabled={busy} className="rounded-lg bg-brand-500 px-3 py-2 text-sm text-white hover:bg-brand-600 disabled:opacity-50">
              保存
            </button>
            <button type="button" className={button} onClick={() => setPanel(null)}>
              取消
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
