import { describe, expect, it } from "vitest";
import { currentStep, formatDuration, formatHistoryTime, hostCategory, hostOf, pageCount, progressHref, statusLabel, type HistorySteps } from "./history-view";

describe("hostCategory", () => {
  it.each([
    ["https://www.bilibili.com/video/BV1xx411c7mD", "video"],
    ["https://m.youtube.com/watch?v=abc", "video"],
    ["https://v.youku.com/v_show/id_1.html", "video"],
    ["https://www.iqiyi.com/v_19rr.html", "video"],
    ["https://v.qq.com/x/cover/abc.html", "video"],
    ["https://www.douyin.com/video/123", "short-video"],
    ["https://v.kuaishou.com/abc", "short-video"],
    ["https://www.tiktok.com/@a/video/1", "short-video"],
    ["https://www.xiaohongshu.com/explore/abc", "notes"],
    ["http://xhslink.com/a/b", "notes"],
    ["https://mp.weixin.qq.com/s/abc", "messaging"],
    ["https://weixin.sogou.com/x", "messaging"],
    ["https://zhuanlan.zhihu.com/p/1", "qa"],
    ["https://www.quora.com/What", "qa"],
    ["https://www.huya.com/123", "streaming"],
    ["https://www.douyu.com/123", "streaming"],
    ["https://live.bilibili.com/21452505", "streaming"],
    ["https://www.twitch.tv/someone", "streaming"],
    ["https://www.xiaoyuzhoufm.com/episode/1", "podcast"],
    ["https://www.ximalaya.com/sound/1", "podcast"],
    ["https://podcasts.apple.com/cn/podcast/id1", "podcast"],
    ["https://cdn.example.com/ep/1.MP3", "podcast"],
    ["https://cdn.example.com/ep/1.m4a", "podcast"],
    ["https://example.com/feed/rss", "podcast"],
    ["https://feeds.example.com/show.rss", "podcast"],
    ["https://example.com/articles/1", "default"],
    ["https://notbilibili.com/x", "default"],
    ["https://example.com/rsstudio", "default"],
    ["not a link", "default"],
  ])("%s is %s", (url, category) => {
    expect(hostCategory(url)).toBe(category);
  });
});

describe("currentStep", () => {
  const s = (fetch: string, process: string, transcribe: string, summarize: string) =>
    ({
      fetch: { status: fetch, message: "" },
      process: { status: process, message: "" },
      transcribe: { status: transcribe, message: "" },
      summarize: { status: summarize, message: "" },
    }) as HistorySteps;

  it.each<[string, HistorySteps | null, string]>([
    ["no steps yet", null, "fetch"],
    ["all pending", s("pending", "pending", "pending", "pending"), "fetch"],
    ["fetch active", s("active", "pending", "pending", "pending"), "fetch"],
    ["fetch done: the middle step defaults to process", s("completed", "pending", "pending", "pending"), "process"],
    ["process active", s("completed", "active", "pending", "pending"), "process"],
    ["transcribe active", s("completed", "pending", "active", "pending"), "transcribe"],
    ["transcribe done", s("completed", "pending", "completed", "pending"), "summarize"],
    ["process done", s("completed", "completed", "pending", "pending"), "summarize"],
    ["summarize active", s("completed", "completed", "pending", "active"), "summarize"],
    ["all done stays on summarize", s("completed", "completed", "pending", "completed"), "summarize"],
    ["an error after fetch points past the last completed step", s("completed", "error", "pending", "pending"), "process"],
    ["the first active wins over completed ones", s("completed", "pending", "completed", "active"), "summarize"],
  ])("%s", (_, steps, step) => {
    expect(currentStep(steps)).toBe(step);
  });

  it("copes with missing keys", () => {
    expect(currentStep({ fetch: { status: "completed" } })).toBe("process");
    expect(currentStep({ transcribe: { status: "active" } })).toBe("transcribe");
  });
});

describe("formatting", () => {
  it("writes zh-CN month, day and a 24-hour time", () => {
    expect(formatHistoryTime("2024-11-23T06:05:00Z", "Asia/Shanghai")).toBe("11月23日 14:05");
    expect(formatHistoryTime("2024-01-02T16:00:00Z", "Asia/Shanghai")).toBe("1月3日 00:00");
    expect(formatHistoryTime(null)).toBeNull();
    expect(formatHistoryTime("garbage")).toBeNull();
  });

  it("counts pages as the ceiling of total over 20, at least 1", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(45, 20)).toBe(3);
    expect(pageCount(Number.NaN)).toBe(1);
  });

  it("labels, hosts and detail links", () => {
    expect(statusLabel("pending")).toBe("等待中");
    expect(statusLabel("processing")).toBe("处理中");
    expect(statusLabel("completed")).toBe("已完成");
    expect(statusLabel("failed")).toBe("失败");
    expect(statusLabel("cancelled")).toBe("已取消");
    expect(hostOf("https://WWW.Zhihu.com/question/1")).toBe("zhihu.com");
    expect(progressHref({ task_uuid: "abc-1" })).toBe("/summary-progress?task_id=abc-1&from_history=true");
    expect(progressHref({ summary_task_id: "t2" })).toBe("/summary-progress?task_id=t2&from_history=true");
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0:00"],
    [59.6, "1:00"],
    [640, "10:40"],
    [3600, "1:00:00"],
    [7384, "2:03:04"],
  ])("%s s → %s", (seconds, expected) => expect(formatDuration(seconds)).toBe(expected));
});
