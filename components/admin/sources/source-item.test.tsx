import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { AdminSource } from "@/lib/admin/sources";
import { pollOutcome } from "./source-actions";
import { relativeTime, SourceItem } from "./source-item";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {} }) }));

const now = Date.parse("2025-03-05T06:00:00Z");
const base: AdminSource = {
  id: 7,
  url: "http://127.0.0.1:8080/rss.xml",
  title: "掘金前端精选",
  platform: "juejin",
  platform_name: "掘金",
  interval_seconds: 900,
  interval: "15m",
  enabled: true,
  allow_private: true,
  health: "healthy",
  last_success_at: "2025-03-05T05:48:00Z",
  last_fetched_at: "2025-03-05T05:48:00Z",
  last_error: null,
  error_count: 0,
  next_poll_at: "2025-03-05T06:03:00Z",
  article_count: 42,
  max_items: 200,
  last_added: 2,
  created_at: "2025-03-01T00:00:00Z",
};

describe("SourceItem", () => {
  it("shows health, settings, counts, times and the actions the journeys use, on a row named by its id", () => {
    const html = renderToStaticMarkup(<SourceItem source={base} now={now} />);
    expect(html).toContain('data-source-id="7"');
    expect(html).toContain('id="source-7"');
    for (const text of ["正常", "掘金前端精选", "掘金", "每 15m 抓取", "每次最多 200 条", "允许内网", "已收集 42 篇", "上次新增 2 篇", "12 分钟前", "3 分钟后"]) expect(html).toContain(text);
    for (const button of ["立即抓取", "暂停", "编辑", "删除"]) expect(html).toContain(`>${button}</button>`);
    expect(html).not.toContain("连续失败");
  });

  it("folds a long error under its first line and keeps all of it; a paused source offers 恢复", () => {
    const error = `目标网页返回 502：${"上游服务器没有响应。".repeat(20)}`;
    const html = renderToStaticMarkup(<SourceItem source={{ ...base, health: "disabled", enabled: false, last_error: error, error_count: 4 }} now={now} />);
    expect(html).toContain("已停用");
    expect(html).toContain("已暂停，不再定时抓取");
    expect(html).toContain("<details>");
    expect(html).toContain(`<pre class="mt-1 font-sans break-all whitespace-pre-wrap">${error}</pre>`);
    expect(html).toContain(">恢复</button>");
    expect(html).not.toContain(">暂停</button>");
  });

  it("shows a short error whole, without folding", () => {
    const html = renderToStaticMarkup(<SourceItem source={{ ...base, health: "failing", last_error: "目标网页返回 500", error_count: 1 }} now={now} />);
    expect(html).toContain("连续失败 1 次：目标网页返回 500");
    expect(html).not.toContain("<details>");
  });
});

describe("pollOutcome", () => {
  it.each([
    [{ status: "updated", added: 3, duplicates: 0, error: null }, { ok: true, text: "新增 3 篇" }],
    [{ status: "updated", added: 0, duplicates: 2, error: null }, { ok: true, text: "没有更新" }],
    [{ status: "not_modified", added: 0, duplicates: 0, error: null }, { ok: true, text: "没有更新" }],
    [{ status: "failed", added: 0, duplicates: 0, error: "目标网页返回 500" }, { ok: false, text: "失败：目标网页返回 500" }],
  ] as const)("%o → %o", (result, shown) => {
    expect(pollOutcome(result)).toEqual(shown);
  });
});

describe("relativeTime", () => {
  it.each([
    [null, "—"],
    ["2025-03-05T06:00:20Z", "刚刚"],
    ["2025-03-05T05:15:00Z", "45 分钟前"],
    ["2025-03-05T09:00:00Z", "3 小时后"],
    ["2025-03-01T06:00:00Z", "4 天前"],
  ])("%s → %s", (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});
