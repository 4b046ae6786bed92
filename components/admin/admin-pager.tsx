// Previous / next links for a console list whose page is in the URL (`page`), keeping the other parameters.
import { Link } from "@/components/ui/link";

type Props = { page: number; limit: number; total: number; params: Record<string, string | undefined>; path: string; estimate?: boolean };

export function AdminPager({ page, limit, total, params, path, estimate = false }: Props) {
  const pages = Math.max(Math.ceil(total / limit), 1);
  const href = (p: number) => {
    const q = new URLSearchParams(Object.entries({ ...params, page: String(p) }).filter((e): e is [string, string] => Boolean(e[1])));
    return `${path}?${q}`;
  };
  const link = "rounded-lg border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50";
  return (
    <nav aria-label="分页" className="mt-4 flex items-center justify-between gap-2 text-sm text-slate-500">
      <span>
        共 {total.toLocaleString("zh-CN")}
        {estimate ? "+" : ""} 条 · 第 {page}/{pages} 页
      </span>
      <span className="flex gap-2">
        {page > 1 ? <Link className={link} href={href(page - 1)}>上一页</Link> : null}
        {page < pages ? <Link className={link} href={href(page + 1)}>下一页</Link> : null}
      </span>
    </nav>
  );
}
