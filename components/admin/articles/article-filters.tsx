// The article list's filters: a GET form, so every filtered view is a URL (bookmarkable, back button works).
import { PLATFORMS } from "@/lib/articles/platforms";

type Props = { sources: { id: number; title: string }[]; values: Record<string, string | undefined> };

const field = "rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800";

export function ArticleFilters({ sources, values }: Props) {
  const status = values.status ?? (values.hidden === "true" ? "hidden" : values.pinned === "true" ? "pinned" : "");
  return (
    <form method="get" action="/admin/articles" role="search" aria-label="筛选文章" className="mt-4 grid grid-cols-2 gap-2 md:grid-cols-6">
      <label className="col-span-2 flex flex-col gap-1 text-xs text-slate-500">
        关键词、编号或原文链接
        <input name="q" type="search" defaultValue={values.q ?? ""} maxLength={100} placeholder="标题中的词、文章编号或链接" className={field} />
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-500">
        订阅源
        <select name="source_id" defaultValue={values.source_id ?? ""} className={field}>
          <option value="">全部</option>
          {sources.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-500">
        平台
        <select name="platform" defaultValue={values.platform ?? ""} className={field}>
          <option value="">全部</option>
          {PLATFORMS.map((p) => (
            <option key={p.key} value={p.key}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-500">
        状态
        <StatusSelect value={status} />
      </label>
      <div className="flex items-end gap-2">
        <button type="submit" className="w-full rounded-lg bg-brand-500 px-3 py-2 text-sm font-medium text-white hover:bg-brand-600">
          筛选
        </button>
      </div>
      <label className="flex flex-col gap-1 text-xs text-slate-500">
        发布日期从
        <input name="from" type="date" defaultValue={values.from ?? ""} className={field} />
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-500">
        到
        <input name="to" type="date" defaultValue={values.to ?? ""} className={field} />
      </label>
    </form>
  );
}

/** 全部 / 正常 / 已隐藏 / 置顶中 / 待审核 / 已拒绝 (`status` in the URL). */
function StatusSelect({ value }: { value: string }) {
  return (
    <select name="status" defaultValue={value} className={field}>
      <option value="">全部</option>
      <option value="visible">正常显示</option>
      <option value="hidden">已隐藏</option>
      <option value="pinned">置顶中</option>
      <option value="pending">待审核</option>
      <option value="rejected">审核未通过</option>
    </select>
  );
}
