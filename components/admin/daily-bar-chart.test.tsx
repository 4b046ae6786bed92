import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Overview } from "@/lib/admin/overview";
import { DailyBarChart, niceMax } from "./daily-bar-chart";
import { sourceSeries } from "./overview-panels";

const days = ["2025-03-01", "2025-03-02", "2025-03-03"];

describe("niceMax", () => {
  it.each([
    [0, 2],
    [1, 2],
    [3, 4],
    [5, 6],
    [7, 8],
    [9, 10],
    [11, 20],
    [180, 200],
    [201, 400],
    [401, 600],
    [1000, 1000],
  ])("%i → %i", (max, top) => {
    expect(niceMax(max)).toBe(top);
  });
});

describe("DailyBarChart", () => {
  const html = renderToStaticMarkup(
    <DailyBarChart
      title="每日收录文章"
      testId="chart-articles"
      days={days}
      unit="篇"
      legend
      series={[
        { key: "a", label: "科技日报", color: "#1d6ce0", values: [3, 0, 4] },
        { key: "b", label: "少数派", color: "#f59e0b", values: [1, 2, 0] },
      ]}
    />,
  );

  it("draws a segment per non-zero value, each with its number as a tooltip", () => {
    expect(html.match(/<rect /g)?.length).toBe(4 + 2); // four segments, two legend swatches
    expect(html).toContain("<title>3月1日 科技日报：3 篇</title>");
    expect(html).toContain("<title>3月2日 少数派：2 篇</title>");
    expect(html).not.toContain("3月2日 科技日报");
  });

  it("scales the bars to the largest day on a round axis", () => {
    // The tallest stacks hold 4; the axis tops at 4, so day 2's 2 fills half of the 100 units.
    expect(html).toMatch(/<rect x="11.5" y="50" width="7" height="50" fill="#f59e0b">/);
    expect(html).toMatch(/<rect x="21.5" y="0" width="7" height="100" fill="#1d6ce0">/);
    expect(html).toContain("<span>4</span><span>2</span><span>0</span>");
  });

  it("gives every number to screen readers in a hidden table, totals included", () => {
    const table = html.slice(html.indexOf('<div class="sr-only"><table>'));
    expect(table).toContain("<caption>每日收录文章</caption>");
    expect(table).toContain('<tr><th scope="row">3月1日</th><td>3</td><td>1</td><td>4</td></tr>');
    expect(table).toContain('<tr><th scope="row">3月3日</th><td>4</td><td>0</td><td>4</td></tr>');
  });
});

describe("sourceSeries", () => {
  it("keeps the seven largest sources and merges the rest into one series", () => {
    const sources = Array.from({ length: 10 }, (_, i) => ({ key: `source:${i}`, label: `源${i}`, total: 10 - i }));
    const articles: Overview["articles"] = {
      total: 0,
      today: 0,
      sources,
      per_day: [{ day: days[0], total: 0, by_source: Object.fromEntries(sources.map((s) => [s.key, s.total])) }],
    };
    const series = sourceSeries(articles);
    expect(series.map((s) => s.label)).toEqual(["源0", "源1", "源2", "源3", "源4", "源5", "源6", "其他 3 个来源"]);
    expect(series.at(-1)?.values).toEqual([3 + 2 + 1]);
  });
});
