import { Link } from "@/components/ui/link";
import { shortDayLabel } from "@/lib/china-time";

/** Links to the reader's past digests (the last 30 days), the one shown marked. */
export function DigestHistory({ days, current, base }: { days: { date: string }[]; current: string; base: string }) {
  if (days.length < 2) return null;
  return (
    <nav aria-label="往期精选" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <h2 className="font-semibold text-slate-900">往期精选</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {days.map((d) => (
          <li key={d.date}>
            {d.date === current ? (
              <span aria-current="page" className="inline-block rounded-full bg-brand-50 px-3 py-1 text-brand-700">
                {shortDayLabel(d.date)}
              </span>
            ) : (
              <Link href={`${base}/${d.date}`} className="inline-block rounded-full border border-slate-200 px-3 py-1 text-slate-600 hover:border-brand-500 hover:text-brand-600">
                {shortDayLabel(d.date)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
