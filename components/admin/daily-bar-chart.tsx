// A bar per day, stacked by series, drawn on the server as inline SVG (no chart library, no client code).
// The SVG stretches to its container (viewBox without aspect ratio), so it fits a phone as well as a desktop;
// the axis labels are HTML, so they stay readable at any width. Each bar segment carries a <title> (a tooltip),
// and a visually hidden table gives every number to screen readers.
import { shortDayLabel } from "@/lib/china-time";

export type ChartSeries = { key: string; label: string; color: string; values: number[] };

export type DailyBarChartProps = {
  title: string;
  testId: string;
  /** "YYYY-MM-DD", oldest first; each series has one value per day. */
  days: string[];
  series: ChartSeries[];
  /** After each number: "篇", "人", "次". */
  unit: string;
  /** A legend under the chart (stacked charts). */
  legend?: boolean;
  /** A line under the title, e.g. the total. */
  note?: string;
};

const BAR_SLOT = 10;
const HEIGHT = 100;

/** The axis top: the smallest even 1, 2, 4, 6 or 8 × 10^k at or above `max`, so the middle line is a whole number too. */
export function niceMax(max: number): number {
  if (max <= 2) return 2;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 4, 6, 8, 10]) {
    const top = step * magnitude;
    if (top >= max && top % 2 === 0) return top;
  }
  return 10 * magnitude;
}

export function DailyBarChart({ title, testId, days, series, unit, legend = false, note }: DailyBarChartProps) {
  const totals = days.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const top = niceMax(Math.max(0, ...totals));
  const scale = (n: number) => (n / top) * HEIGHT;
  const headingId = `${testId}-title`;
  const stacked = series.length > 1;
  const middle = days[Math.floor((days.length - 1) / 2)];

  return (
    <figure data-testid={testId} aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="text-sm font-medium text-slate-800">
          {title}
        </h2>
        {note ? <span className="text-xs text-slate-500">{note}</span> : null}
      </figcaption>
      <div className="flex gap-2" aria-hidden>
        <div className="flex h-36 w-9 shrink-0 flex-col justify-between text-right text-[11px] leading-none text-slate-500 tabular-nums">
          <span>{top.toLocaleString("zh-CN")}</span>
          <span>{(top / 2).toLocaleString("zh-CN")}</span>
          <span>0</span>
        </div>
        <svg viewBox={`0 0 ${days.length * BAR_SLOT} ${HEIGHT}`} preserveAspectRatio="none" className="h-36 min-w-0 flex-1 overflow-visible">
          {[0, HEIGHT / 2, HEIGHT].map((y) => (
            <line key={y} x1={0} x2={days.length * BAR_SLOT} y1={y} y2={y} className="stroke-slate-200" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          ))}
          {days.map((day, i) => {
            let base = HEIGHT;
            return (
              <g key={day}>
                {series.map((s) => {
                  const n = s.values[i] ?? 0;
                  if (!n) return null;
                  const h = scale(n);
                  base -= h;
                  return (
                    <rect key={s.key} x={i * BAR_SLOT + 1.5} y={base} width={BAR_SLOT - 3} height={h} fill={s.color}>
                      <title>{`${shortDayLabel(day)}${stacked ? ` ${s.label}` : ""}：${n.toLocaleString("zh-CN")} ${unit}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
        </svg>
      </div>
      <div className="mt-1 flex justify-between pl-11 text-[11px] text-slate-500" aria-hidden>
        <span>{shortDayLabel(days[0])}</span>
        {days.length > 2 ? <span>{shortDayLabel(middle)}</span> : null}
        <span>今天</span>
      </div>
      {legend && stacked ? (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden>
          {series.map((s) => (
            <li key={s.key} className="flex min-w-0 items-center gap-1.5">
              <svg viewBox="0 0 10 10" className="size-2.5 shrink-0">
                <rect width={10} height={10} rx={2} fill={s.color} />
              </svg>
              <span className="max-w-48 truncate">{s.label}</span>
              <span className="text-slate-500 tabular-nums">{s.values.reduce((a, b) => a + b, 0).toLocaleString("zh-CN")}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {/* sr-only on a div: a table keeps its content's width whatever its own, and widened the phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">日期</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
              {stacked ? <th scope="col">合计</th> : null}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{shortDayLabel(day)}</th>
                {series.map((s) => (
                  <td key={s.key}>{s.values[i] ?? 0}</td>
                ))}
                {stacked ? <td>{totals[i]}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
