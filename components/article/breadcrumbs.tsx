import { Link } from "@/components/ui/link";

export type Crumb = { name: string; href?: string };

/** Where a page sits: 首页 › … › this page (the last crumb, not a link). BreadcrumbList JSON-LD says the same. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="当前位置" className="text-sm text-slate-500">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((c, i) => (
          <li key={`${i}-${c.name}`} className="flex min-w-0 items-center gap-1.5">
            {i > 0 ? <span aria-hidden>›</span> : null}
            {c.href ? (
              <Link href={c.href} className="hover:text-brand-600 hover:underline">
                {c.name}
              </Link>
            ) : (
              <span aria-current="page" className="truncate text-slate-600">
                {c.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
