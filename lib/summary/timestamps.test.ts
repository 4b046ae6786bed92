import { describe, expect, it } from "vitest";
import { linkAt, linkTimestamps, parseClock, toMarkdownFile, toSrt } from "./timestamps";

const BILI = "https://www.bilibili.com/video/BV1xx411c7mD/?p=2&spm_id_from=333";
const YT = "https://youtu.be/dQw4w9WgXcQ?si=x";

describe("linkAt", () => {
  it.each([
    [BILI, 83, "https://www.bilibili.com/video/BV1xx411c7mD/?p=2&t=83"],
    ["https://m.bilibili.com/video/av170001", 5, "https://www.bilibili.com/video/av170001/?t=5"],
    [YT, 83, "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=83s"],
    ["https://www.youtube.com/watch?list=x&v=dQw4w9WgXcQ", 0, "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", 7, "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=7s"],
    ["https://www.xiaoyuzhoufm.com/episode/6650b1c2d3e4f5a6b7c8d9e0", 7, null],
    ["not a url", 7, null],
  ])("%s at %i s", (url, seconds, expected) => expect(linkAt(url, seconds)).toBe(expected));
});

describe("linkTimestamps", () => {
  it("links cues, scene ranges and shots to the video time", () => {
    const md = ["### 场景 1（00:00–01:30）", "- 镜头 1（00:12）：开场", "1. **B+ 树**：矮、胖 [05:30]", "跨小时 [1:02:03] 与 (12:60) 不合法"].join("\n");
    expect(linkTimestamps(md, YT).split("\n")).toEqual([
      "### 场景 1（[00:00](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s)–[01:30](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90s)）",
      "- 镜头 1（[00:12](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=12s)）：开场",
      "1. **B+ 树**：矮、胖 [05:30](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=330s)",
      "跨小时 [1:02:03](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3723s) 与 (12:60) 不合法",
    ]);
  });

  it("leaves code, existing links and other sources alone", () => {
    const md = "见 [05:30](https://example.com) 和 `[05:30]`\n```\n[00:10] code\n```\n时间 12:30 不加括号";
    expect(linkTimestamps(md, BILI)).toBe(md);
    expect(linkTimestamps("[05:30] 内容", "https://example.com/a.mp3")).toBe("[05:30] 内容");
  });

  it("parses clocks", () => {
    expect(parseClock("01:02:03")).toBe(3723);
    expect(parseClock("12:60")).toBeNull();
  });
});

describe("transcript files", () => {
  const lines = [
    { start: 1.2, end: 5.5, text: "第一句" },
    { start: 6, end: 6, text: "第二句" },
    { start: 3725.25, end: 3730, text: "一小时后" },
  ];

  it("writes SubRip with numbered cues and millisecond times", () => {
    expect(toSrt(lines)).toBe(
      "1\n00:00:01,200 --> 00:00:05,500\n第一句\n\n2\n00:00:06,000 --> 01:02:05,250\n第二句\n\n3\n01:02:05,250 --> 01:02:10,000\n一小时后\n",
    );
  });

  it("writes the summary and the transcript as Markdown", () => {
    expect(toMarkdownFile({ title: "标题", content: "## 概览\n内容", sourceUrl: YT, transcript: lines })).toBe(
      `# 标题\n\n来源：${YT}\n\n## 概览\n内容\n\n## 完整转写稿\n\n- [00:00:01] 第一句\n- [00:00:06] 第二句\n- [01:02:05] 一小时后\n`,
    );
    expect(toMarkdownFile({ title: "标题", content: "内容" })).toBe("# 标题\n\n内容\n");
  });
});
