// The console's 评论 section: its three queues and the word list, as tabs (links; the queue is in the URL).
import { Link } from "@/components/ui/link";

const TABS = [
  { key: "pending", href: "/admin/comments", label: "待审核" },
  { key: "reported", href: "/admin/comments?queue=reported", label: "举报" },
  { key: "removed", href: "/admin/comments?queue=removed", label: "已删除" },
  { key: "words", href: "/admin/comments/words", label: "敏感词" },
] as const;

export type CommentTab = (typeof TABS)[number]["key"];

export function CommentTabs({ current, pending }: { current: CommentTab; pending: number }) {
  return (
    <nav aria-label="评论管理" className="mt-3 flex gap-1 overflow-x-auto border-b border-slate-200">
      {TABS.map((t) => (
        <Link
          key={t.key}
          href={t.href}
          aria-current={t.key === current ? "page" : undefined}
          className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap ${t.key === current ? "border-brand-500 font-medium text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
        >
          {t.label}
          {t.key === "pending" && pending > 0 ? <span className="ml-1 text-xs text-red-600">({pending})</span> : null}
        </Link>
      ))}
    </nav>
  );
}
