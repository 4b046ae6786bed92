"use client";
// The console's sections: a column on desktop, a scrolling row on a phone. 待审核 and 评论 carry the numbers waiting.
import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";

export const ADMIN_SECTIONS = [
  { href: "/admin", label: "概览" },
  { href: "/admin/sources", label: "订阅源" },
  { href: "/admin/articles", label: "文章" },
  { href: "/admin/review", label: "待审核" },
  { href: "/admin/comments", label: "评论" },
  { href: "/admin/tasks", label: "总结任务" },
  { href: "/admin/users", label: "用户" },
  { href: "/admin/audit", label: "操作记录" },
] as const;

export function AdminNav({ pendingReview, pendingComments }: { pendingReview: number; pendingComments: number }) {
  const pathname = usePathname();
  return (
    <nav aria-label="运营后台" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:w-36 md:shrink-0 md:px-0">
      <p className="mb-2 hidden text-xs font-semibold tracking-wide text-slate-500 md:block">运营后台</p>
      <ul className="flex gap-1 md:flex-col">
        {ADMIN_SECTIONS.map((s) => {
          const current = s.href === "/admin" ? pathname === "/admin" : pathname === s.href || pathname.startsWith(`${s.href}/`);
          return (
            <li key={s.href} className="shrink-0">
              <Link
                href={s.href}
                aria-current={current ? "page" : undefined}
                className={`block rounded-lg px-3 py-2 text-sm whitespace-nowrap ${current ? "bg-brand-50 font-medium text-brand-700" : "text-slate-600 hover:bg-slate-100"}`}
              >
                {s.label}
                <Waiting n={s.href === "/admin/review" ? pendingReview : s.href === "/admin/comments" ? pendingComments : 0} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Waiting({ n }: { n: number }) {
  return n > 0 ? <span className="ml-1.5 rounded-full bg-red-500 px-1.5 py-0.5 text-xs font-medium text-white">{n}</span> : null;
}
