// The console's overview (概览), rendered on the server from getOverview(): totals on top, then a chart per
// measure and the keywords readers searched for without finding anything.
import { Link } from "@/components/ui/link";
import { shortDayLabel } from "@/lib/china-time";
import type { Overview } from "@/lib/admin/overview";
import type { TaskStatus } from "@/lib/db/schema";
import { DailyBarChart, type ChartSeries } from "./daily-bar-chart";

/** Sources beyond this many share one "其他" series, so the legend stays readable. */
const MAX_SOURCE_SERIES = 8;
const SOURCE_COLORS = ["#1d6ce0", "#f59e0b", "#10b981", "#f43f5e", "#8b5cf6", "#06b6d4", "#f97316", "#84cc16"];
const OTHER_COLOR = "#94a3b8";

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: "排队中",
  processing: "处理中",
  completed: "已完成",
  failed: "失败",
  cancelled: "已取消",
};
const TASK_STATUS_COLORS: Record<TaskStatus, string> = {
  pending: "text-amber-700",
  processing: "text-brand-700",
  completed: "text-emerald-700",
  failed: "text-rose-700",
  cancelled: "text-slate-500",
};

const fmt = (n: number) => n.toLocaleString("zh-CN");

/** One series per source (most articles first), the smallest ones merged into "其他". */
export function sourceSeries(articles: Overview["articles"]): ChartSeries[] {
  const own = articles.sources.length > MAX_SOURCE_SERIES ? articles.sources.slice(0, MAX_SOURCE_SERIES - 1) : articles.sources;
  const series: ChartSeries[] = own.map((s, i) => ({
    key: s.key,
    label: s.label,
    color: SOURCE_COLORS[i % SOURCE_COLORS.length],
    values: articles.per_day.map((d) => d.by_source[s.key] ?? 0),
  }));
  if (own.length < articles.sources.length) {
    const shown = new Set(own.map((s) => s.key));
    series.push({
      key: "other",
      label: `其他 ${articles.sources.length - own.length} 个来源`,
      color: OTHER_COLOR,
      values: articles.per_day.map((d) => Object.entries(d.by_source).reduce((sum, [key, n]) => (shown.has(key) ? sum : sum + n), 0)),
    });
  }
  return series;
}

/** One figure of the overview's list: its name (dt), the number and an optional note (dd). */
function Stat({ label, value, testId, hint }: { label: string; value: number; testId: string; hint?: string }) {
  return (
    <div data-testid={testId} className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{fmt(value)}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

export function OverviewPanels({ overview }: { overview: Overview }) {
  const { days, articles, signups, searches, chat, tasks } = overview;
  const n = days.length;
  const processing = tasks.by_status.find((s) => s.status === "processing")?.count ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat testId="stat-articles-today" label="今日新增文章" value={articles.today} />
        <Stat testId="stat-signups" label={`${n} 天注册`} value={signups.total} />
        <Stat testId="stat-searches" label={`${n} 天搜索`} value={searches.total} hint={searches.total ? `无结果 ${fmt(searches.zero_result_total)} 次` : undefined} />
        <Stat testId="stat-queued" label="待处理任务" value={tasks.queued} hint={processing ? `另有 ${fmt(processing)} 个处理中` : undefined} />
      </dl>

      <DailyBarChart
        title="每日收录文章（按来源）"
        testId="chart-articles"
        days={days}
        series={sourceSeries(articles)}
        unit="篇"
        legend
        note={`${n} 天共 ${fmt(articles.total)} 篇`}
      />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <DailyBarChart
          title="每日搜索"
          testId="chart-searches"
          days={days}
          unit="次"
          legend
          note={`共 ${fmt(searches.total)} 次`}
          series={[
            { key: "found", label: "有结果", color: "#1d6ce0", values: searches.per_day.map((d) => d.searches - d.zero_result) },
            { key: "zero", label: "无结果", color: "#f43f5e", values: searches.per_day.map((d) => d.zero_result) },
          ]}
        />
        <DailyBarChart
          title="每日注册"
          testId="chart-signups"
          days={days}
          unit="人"
          note={`共 ${fmt(signups.total)} 人`}
          series={[{ key: "signups", label: "注册", color: "#10b981", values: signups.per_day.map((d) => d.count) }]}
        />
        <DailyBarChart
          title="每日 AI 助手提问"
          testId="chart-chat"
          days={days}
          unit="次"
          note={`共 ${fmt(chat.total)} 次`}
          series={[{ key: "chat", label: "提问", color: "#8b5cf6", values: chat.per_day.map((d) => d.questions) }]}
        />
        <section aria-labelledby="task-status-title" data-testid="task-status" className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 id="task-status-title" className="text-sm font-medium text-slate-800">
              总结任务
            </h2>
            <Link href="/admin/tasks" className="text-xs text-brand-600 hover:underline">
              查看任务
            </Link>
          </div>
          <dl className="grid grid-cols-3 gap-3 sm:grid-cols-5">
            {tasks.by_status.map((s) => (
              <div key={s.status} data-status={s.status}>
                <dt className="text-xs text-slate-500">{TASK_STATUS_LABELS[s.status]}</dt>
                <dd className={`text-xl font-semibold tabular-nums ${TASK_STATUS_COLORS[s.status]}`}>{fmt(s.count)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-slate-500">排队中、处理中为当前数量；其余为近 {n} 天创建的任务。</p>
        </section>
      </div>

      <section aria-labelledby="zero-result-title" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="zero-result-title" className="text-sm font-medium text-slate-800">
          没有结果的搜索
        </h2>
        <p className="mt-0.5 mb-3 text-xs text-slate-500">读者想找、站内还没有的内容：近 {n} 天最近一次搜索仍无结果的关键词</p>
        {searches.zero_result_terms.length ? (
          <div className="overflow-x-auto">
            <table data-testid="zero-result-terms" className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th scope="col" className="py-1.5 pr-3 font-normal">关键词</th>
                  <th scope="col" className="py-1.5 pr-3 text-right font-normal whitespace-nowrap">搜索次数</th>
                  <th scope="col" className="py-1.5 text-right font-normal whitespace-nowrap">最近一次</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {searches.zero_result_terms.map((t) => (
                  <tr key={t.keyword}>
                    <td className="py-1.5 pr-3 break-all text-slate-800">{t.keyword}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{fmt(t.searches)}</td>
                    <td className="py-1.5 text-right whitespace-nowrap text-slate-500">{shortDayLabel(t.last_day)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p data-testid="zero-result-terms" className="text-sm text-slate-500">
            近 {n} 天没有无结果的搜索
          </p>
        )}
      </section>
    </div>
  );
}
