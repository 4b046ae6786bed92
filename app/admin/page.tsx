import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { OverviewPanels } from "@/components/admin/overview-panels";
import { getOverview, OVERVIEW_DAYS, overviewQuery } from "@/lib/admin/overview";
import { requireAdminPage } from "@/lib/admin/page-guard";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "概览" };

const RANGES = [7, 30, 90] as const;

type Props = { searchParams: Promise<{ days?: string | string[] }> };

export default async function AdminOverviewPage({ searchParams }: Props) {
  await requireAdminPage();
  const raw = (await searchParams).days;
  // A bad ?days= falls back to the default window rather than an error page.
  const parsed = overviewQuery.safeParse({ days: Array.isArray(raw) ? raw[0] : raw });
  const days = parsed.success ? parsed.data.days : OVERVIEW_DAYS;
  const overview = await getOverview({ db: await getDb(), days });
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">概览</h1>
          <p className="mt-0.5 text-xs text-slate-500">近 {days} 天，按北京时间计日</p>
        </div>
        <nav aria-label="时间范围" className="flex gap-1 rounded-lg bg-slate-100 p-1 text-sm">
          {RANGES.map((n) => (
            <Link
              key={n}
              href={n === OVERVIEW_DAYS ? "/admin" : `/admin?days=${n}`}
              aria-current={n === days ? "page" : undefined}
              className={`rounded-md px-3 py-1 ${n === days ? "bg-white font-medium text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
            >
              {n} 天
            </Link>
          ))}
        </nav>
      </div>
      <OverviewPanels overview={overview} />
    </section>
  );
}
