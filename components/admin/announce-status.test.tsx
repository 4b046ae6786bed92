import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AnnounceStatus as Status } from "@/lib/announce";
import { AnnounceStatus } from "./announce-status";

const now = Date.parse("2025-03-05T06:00:00Z"); // 14:00 China time
const base: Status["services"][number] = {
  key: "indexnow",
  label: "IndexNow（必应、Yandex、Seznam 等）",
  setting: "INDEXNOW_KEY",
  configured: true,
  waiting: 0,
  paused_until: null,
  quota: null,
  sends: [],
};

describe("AnnounceStatus", () => {
  it("shows per service whether it is on, what waits, the retry time, today's quota and the last sends", () => {
    const html = renderToStaticMarkup(
      <AnnounceStatus
        now={now}
        status={{
          site: "https://news.example.com",
          services: [
            {
              ...base,
              waiting: 3,
              paused_until: "2025-03-05T06:02:00Z",
              sends: [{ at: "2025-03-05T05:58:00Z", urls: 3, ok: false, status: 429, result: "请求过于频繁" }],
            },
            {
              ...base,
              key: "baidu",
              label: "百度普通收录（API 推送）",
              setting: "BAIDU_PUSH_TOKEN",
              quota: { day: "2025-03-05", remain: 0 },
              sends: [{ at: "2025-03-05T05:00:00Z", urls: 2, ok: true, status: 200, result: "收下 2 条，今日还可推送 0 条" }],
            },
          ],
        }}
      />,
    );
    for (const text of [
      "搜索引擎推送",
      "https://news.example.com/articles/…",
      "等待推送 3 条",
      "14:02 后重试",
      "13:58",
      "3 条",
      "未成功",
      "（429）：请求过于频繁",
      "今日配额已用完，明日继续",
      "成功",
      "收下 2 条，今日还可推送 0 条",
    ]) {
      expect(html).toContain(text);
    }
  });

  it("says how to turn a service on, and that nothing is sent from a local site", () => {
    const html = renderToStaticMarkup(<AnnounceStatus now={now} status={{ site: null, services: [{ ...base, configured: false }] }} />);
    expect(html).toContain("SITE_URL 未设置或指向本机：不推送");
    expect(html).toContain("未开启（设置 INDEXNOW_KEY 后开启）");
    expect(html).not.toContain("还没有推送过");
  });
});
