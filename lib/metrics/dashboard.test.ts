// The Grafana dashboard in docs/ asks only for series this code exports: renaming a metric without the dashboard
// (or the other way round) fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { registerCollectors } from "./collectors";
import { recordCache, recordFeedPoll, recordHttp, recordSearchPlan, recordSummaryTask, registry, timeProvider } from "./index";

describe("the Grafana dashboard (docs/grafana/shiyue.json)", () => {
  it("names only metrics the app exports", async () => {
    recordHttp("GET", "/", 200, 0.01);
    recordSearchPlan("full");
    await timeProvider("chat", async () => "ok");
    recordSummaryTask("completed", "summarize");
    recordFeedPoll("updated");
    recordCache("kept_page", true);
    registerCollectors();
    const exported = new Set((await registry().getMetricsAsJSON()).map((m) => m.name));
    const dashboard = JSON.parse(readFileSync("docs/grafana/shiyue.json", "utf8")) as { panels: { title: string; targets: { expr: string }[] }[] };
    const asked = dashboard.panels.flatMap((p) => p.targets.flatMap((t) => [...t.expr.matchAll(/\bshiyue_\w+/g)].map((m) => m[0])));
    expect(asked.length).toBeGreaterThan(10);
    const missing = [...new Set(asked)].filter((name) => !exported.has(name) && !exported.has(name.replace(/_(bucket|count|sum)$/, "")));
    expect(missing).toEqual([]);
  });
});
