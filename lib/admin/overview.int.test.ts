// Acceptance 3 of issue 21: the overview's charts come from real rows. Rows are seeded over several China-time
// days and read back, day by day, from lib/admin/overview.ts, from GET /api/admin/overview and from the
// rendered charts.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as overviewRoute } from "@/app/api/admin/overview/route";
import { OverviewPanels } from "@/components/admin/overview-panels";
import { getDb } from "@/lib/db";
import { articles, dailyCounters, feedSources, searchLog, summaryTasks, users } from "@/lib/db/schema";
import { call } from "@/test/api";
import { newUser } from "@/test/users";
import { chinaDay, chinaDayStartOf, lastChinaDays, shortDayLabel } from "@/lib/china-time";
import { getOverview, type Overview } from "./overview";

const DAY_MS = 86_400_000;
const now = new Date();
const window30 = lastChinaDays(now, 30);
/** The China-time day `k` days before today, and an instant `hours` into it. */
const day = (k: number) => window30[29 - k] ?? chinaDay(new Date(chinaDayStartOf(window30[0]).getTime() - (k - 29) * DAY_MS));
const at = (k: number, hours = 1) => new Date(chinaDayStartOf(day(k)).getTime() + hours * 3_600_000);

let admin: { id: number; token: string };
let reader: { id: number; token: string };
let sourceA: number;
let sourceB: number;

/** Day k → count, as the full window of the API (zeros elsewhere). */
const perDay = (counts: Record<number, number>, days = window30) => days.map((d) => counts[days.length - 1 - days.indexOf(d)] ?? 0);

beforeAll(async () => {
  const db = await getDb();
  admin = await newUser("overview_admin"); // signed up today
  reader = await newUser("overview_reader"); // today
  await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
  // Two earlier sign-ups two days ago, one today late in the evening (23:30 China time), one outside the window.
  await db.insert(users).values([
    { accountName: "ov_early_1", createdAt: at(2) },
    { accountName: "ov_early_2", createdAt: at(2, 23) },
    { accountName: "ov_late", createdAt: at(0, 23.5) },
    { accountName: "ov_old", createdAt: at(31) },
  ]);

  [{ id: sourceA }, { id: sourceB }] = await db
    .insert(feedSources)
    .values([
      { url: "https://a.example.com/feed.xml", title: "科技日报" },
      { url: "https://b.example.com/rss", title: null },
    ])
    .returning({ id: feedSources.id });
  let n = 0;
  const article = (k: number, rest: Partial<typeof articles.$inferInsert>, hours = 1) => ({
    title: `概览文章 ${++n}`,
    sourceUrl: `https://example.com/overview/${n}`,
    createdAt: at(k, hours),
    ...rest,
  });
  const fromA = { feedSourceId: sourceA, origin: "feed" };
  const fromB = { feedSourceId: sourceB, origin: "feed" };
  await db.insert(articles).values([
    ...[0, 0, 0, 1, 1].map((k) => article(k, fromA)),
    article(1, fromB, 0), // 00:00 China time: still that day
    ...[3, 3, 3, 3, 3].map((k) => article(k, fromB)),
    article(3, { origin: "summary" }),
    article(29, { origin: "demo" }),
    article(29, { origin: "demo" }),
    article(30, { origin: "demo" }, 23.9), // the day before the window
  ]);

  await db.insert(searchLog).values([
    { day: day(0), keyword: "rust", searches: 5, results: 0 },
    { day: day(1), keyword: "rust", searches: 3, results: 2 },
    { day: day(0), keyword: "go", searches: 2, results: 10 },
    { day: day(2), keyword: "墨水屏", searches: 4, results: 0 },
    { day: day(1), keyword: "python", searches: 6, results: 0 },
    { day: day(0), keyword: "python", searches: 1, results: 3 },
    { day: day(40), keyword: "过期", searches: 50, results: 0 },
  ]);
  await db.insert(dailyCounters).values([
    { day: day(0), name: "chat_questions", value: 7 },
    { day: day(5), name: "chat_questions", value: 3 },
    { day: day(0), name: "something_else", value: 99 },
    { day: day(31), name: "chat_questions", value: 11 },
  ]);
  const task = (status: "pending" | "processing" | "completed" | "failed" | "cancelled", k: number) => ({
    userId: reader.id,
    url: `https://example.com/t/${++n}`,
    normalizedUrl: `https://example.com/t/${n}`,
    method: "quick" as const,
    status,
    createdAt: at(k),
  });
  await db.insert(summaryTasks).values([
    task("pending", 0),
    task("pending", 60), // still queued: counted whatever its age
    task("processing", 0),
    task("completed", 0),
    task("completed", 3),
    task("completed", 40), // finished before the window
    task("failed", 1),
  ]);
});

function expectSeeded(o: Overview) {
  expect(o.days).toEqual(window30);
  expect(o.articles.per_day.map((d) => d.total)).toEqual(perDay({ 0: 3, 1: 3, 3: 6, 29: 2 }));
  const a = `source:${sourceA}`;
  const b = `source:${sourceB}`;
  expect(o.articles.per_day.map((d) => d.by_source[a] ?? 0)).toEqual(perDay({ 0: 3, 1: 2 }));
  expect(o.articles.per_day.map((d) => d.by_source[b] ?? 0)).toEqual(perDay({ 1: 1, 3: 5 }));
  expect(o.articles.per_day.map((d) => d.by_source["origin:summary"] ?? 0)).toEqual(perDay({ 3: 1 }));
  expect(o.articles.per_day.map((d) => d.by_source["origin:demo"] ?? 0)).toEqual(perDay({ 29: 2 }));
  expect(o.articles.sources).toEqual([
    { key: b, label: "b.example.com", total: 6 },
    { key: a, label: "科技日报", total: 5 },
    { key: "origin:demo", label: "示例文章", total: 2 },
    { key: "origin:summary", label: "链接总结", total: 1 },
  ]);
  expect(o.articles.total).toBe(14);
  expect(o.articles.today).toBe(3);

  expect(o.signups.per_day.map((d) => d.count)).toEqual(perDay({ 0: 3, 2: 2 }));
  expect(o.signups.total).toBe(5);

  expect(o.searches.per_day).toEqual(window30.map((d, i) => ({ day: d, ...({ 29: { searches: 8, zero_result: 5 }, 28: { searches: 9, zero_result: 6 }, 27: { searches: 4, zero_result: 4 } }[i] ?? { searches: 0, zero_result: 0 }) })));
  expect(o.searches.total).toBe(21);
  expect(o.searches.zero_result_total).toBe(15);
  expect(o.searches.zero_result_terms).toEqual([
    { keyword: "rust", searches: 8, last_day: day(0) },
    { keyword: "墨水屏", searches: 4, last_day: day(2) },
  ]);

  expect(o.chat.per_day.map((d) => d.questions)).toEqual(perDay({ 0: 7, 5: 3 }));
  expect(o.chat.total).toBe(10);

  expect(o.tasks.by_status).toEqual([
    { status: "pending", count: 2 },
    { status: "processing", count: 1 },
    { status: "completed", count: 2 },
    { status: "failed", count: 1 },
    { status: "cancelled", count: 0 },
  ]);
  expect(o.tasks.queued).toBe(2);
}

describe("the overview from seeded rows", () => {
  it("reads every series back day by day from lib/admin/overview.ts", async () => {
    expectSeeded(await getOverview({ db: await getDb(), now }));
  });

  it("answers the same from GET /api/admin/overview", async () => {
    const res = await call(overviewRoute, "/api/admin/overview", { token: admin.token });
    expect(res.status).toBe(200);
    expectSeeded(res.body.data);
  });

  it("narrows to the last 7 days with ?days=7", async () => {
    const res = await call(overviewRoute, "/api/admin/overview?days=7", { token: admin.token });
    expect(res.status).toBe(200);
    const o: Overview = res.body.data;
    expect(o.days).toEqual(window30.slice(-7));
    expect(o.articles.per_day.map((d) => d.total)).toEqual([0, 0, 0, 6, 0, 3, 3]);
    expect(o.articles.sources.map((s) => s.key)).not.toContain("origin:demo");
    expect(o.chat.per_day.map((d) => d.questions)).toEqual([0, 3, 0, 0, 0, 0, 7]);
    expect(o.tasks.by_status.find((s) => s.status === "completed")?.count).toBe(2);
  });

  it.each([
    ["?days=6", "days 须为 7 到 90 之间的整数"],
    ["?days=91", "days 须为 7 到 90 之间的整数"],
    ["?days=abc", "days 须为 7 到 90 之间的整数"],
    ["?days=", "days 须为 7 到 90 之间的整数"],
  ])("answers 400 with a Chinese detail for %s", async (qs, detail) => {
    const res = await call(overviewRoute, `/api/admin/overview${qs}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`参数 days：${detail}`);
  });

  it("is 401 without a token and 404 for a reader", async () => {
    expect((await call(overviewRoute, "/api/admin/overview")).status).toBe(401);
    expect((await call(overviewRoute, "/api/admin/overview", { token: reader.token })).status).toBe(404);
  });

  it("draws the charts from the same numbers", async () => {
    const html = renderToStaticMarkup(createElement(OverviewPanels, { overview: await getOverview({ db: await getDb(), now }) }));
    for (const id of ["chart-articles", "chart-searches", "chart-signups", "chart-chat", "zero-result-terms", "task-status"]) {
      expect(html).toContain(`data-testid="${id}"`);
    }
    const label = (k: number) => shortDayLabel(day(k));
    expect(html).toContain(`<title>${label(3)} b.example.com：5 篇</title>`);
    expect(html).toContain(`<title>${label(1)} 科技日报：2 篇</title>`);
    expect(html).toContain(`<title>${label(29)} 示例文章：2 篇</title>`);
    expect(html).toContain(`<title>${label(2)}：2 人</title>`);
    expect(html).toContain(`<title>${label(0)}：7 次</title>`);
    expect(html).toContain(`<title>${label(1)} 无结果：6 次</title>`);
    expect(html).toMatch(/<td[^>]*>rust<\/td><td[^>]*>8<\/td>/);
    expect(html).toMatch(/今日新增文章<\/dt><dd[^>]*>3<\/dd>/);
    expect(html).toMatch(/待处理任务<\/dt><dd[^>]*>2<\/dd>/);
    expect(html).toMatch(/失败<\/dt><dd[^>]*>1<\/dd>/);
  });
});
