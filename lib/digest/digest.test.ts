// The digest's pure parts: its shape (citations checked, length kept), the local engine's key sentences and
// sections, the model's answer parsed, the feeds' documents, the day and time parameters.
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/ingest/feed-parse";
import type { Candidate } from "./candidates";
import { MAX_CHARS, POINTS, SECTIONS } from "./constants";
import { digestFeedDocument } from "./feed";
import { asWritten, clip, keySentence, writeLocally } from "./local";
import { DigestFormatError, digestPrompt, parseAnswer } from "./model";
import { day, digestSettingsBody, minuteOf, timeOf } from "./schema";
import { checkCitations, digestChars, fitLength } from "./shape";
import type { DigestView } from "./service";

const candidate = (id: number, over: Partial<Candidate> = {}): Candidate => ({
  id,
  title: `标题${id}`,
  summary: `第${id}篇文章的摘要说明了它的要点。第二句话。`,
  excerpt: "",
  platform: "知乎",
  labels: [],
  interest: null,
  ...over,
});

describe("the shape", () => {
  it("keeps only citations of given articles, drops points and sections left without one, and strips markup", () => {
    const sections = checkCitations(
      [
        { title: "## **睡眠**", points: [{ text: "一条 [3]", article_ids: [3, 99, 3] }, { text: "编造", article_ids: [98] }] },
        { title: "空", points: [{ text: "没有引用", article_ids: [] }] },
      ],
      new Set([3, 4]),
    );
    expect(sections).toEqual([{ title: "睡眠", points: [{ text: "一条", article_ids: [3] }] }]);
  });

  it(`holds at most ${SECTIONS.max} sections of ${POINTS.max} points and ${MAX_CHARS} characters, the last points going first`, () => {
    const long = "长".repeat(80);
    const sections = Array.from({ length: 9 }, (_, i) => ({ title: `主题${i}`, points: Array.from({ length: 6 }, (_, j) => ({ text: long, article_ids: [i * 10 + j] })) }));
    const fitted = fitLength(sections);
    expect(fitted.length).toBeLessThanOrEqual(SECTIONS.max);
    expect(fitted.every((s) => s.points.length <= POINTS.max && s.points.length > 0)).toBe(true);
    expect(digestChars(fitted)).toBeLessThanOrEqual(MAX_CHARS);
    expect(fitted[0].points).toHaveLength(POINTS.max); // the first sections stay whole
  });
});

describe("the local engine", () => {
  it("takes the summary's first real sentence, else the opening's best, else the title", () => {
    expect(keySentence(candidate(1))).toBe("第1篇文章的摘要说明了它的要点。");
    const excerpt = "# 标题\n\n数据库索引可以让查询变快。索引的代价是写入变慢，索引也占空间。\n\n![图](https://x/y.png)";
    expect(keySentence(candidate(2, { summary: null, excerpt }))).toMatch(/索引/);
    expect(keySentence(candidate(3, { summary: null, excerpt: "" }))).toBe("标题3");
  });

  it("clips a long sentence at a clause end", () => {
    const text = `${"很长的一句".repeat(10)}，然后还有${"更多".repeat(30)}`;
    const clipped = clip(text, 60);
    expect([...clipped].length).toBeLessThanOrEqual(60);
    expect(clipped.endsWith("…")).toBe(true);
  });

  it("heads sections with the reader's interests, then shared labels and platforms, every point citing its article", () => {
    const candidates = [
      candidate(1, { interest: "睡眠", labels: ["睡眠"] }),
      candidate(2, { interest: "睡眠", labels: ["睡眠", "闹钟"] }),
      candidate(3, { labels: ["rust"], title: "Rust 所有权" }),
      candidate(4, { labels: ["rust"], title: "用 Rust 重写" }),
      candidate(5, { platform: "微信公众号" }),
      candidate(6, { platform: "微信公众号" }),
      candidate(7, { platform: "掘金" }),
    ];
    const sections = writeLocally(candidates);
    expect(sections.map((s) => s.title)).toEqual(["睡眠", "Rust", "微信公众号上的热门", "值得一读"].slice(0, sections.length));
    expect(sections[0].points.map((p) => p.article_ids)).toEqual([[1], [2]]);
    const cited = sections.flatMap((s) => s.points.flatMap((p) => p.article_ids));
    expect(new Set(cited).size).toBe(cited.length); // each article once
    expect(sections.length).toBeGreaterThanOrEqual(SECTIONS.min);
  });

  it("writes a label as the titles write it", () => {
    expect(asWritten("ai", ["孩子用 AI 写作文"])).toBe("AI");
    expect(asWritten("睡眠", ["睡眠周期"])).toBe("睡眠");
  });
});

describe("the model's answer", () => {
  it("is found in a ```json fence or among prose, and anything else is a format error", () => {
    const json = { sections: [{ title: "要闻", points: [{ text: "一条", article_ids: [1] }] }] };
    expect(parseAnswer("```json\n" + JSON.stringify(json) + "\n```")).toEqual(json.sections);
    expect(parseAnswer(`好的：${JSON.stringify(json)} 以上。`)).toEqual(json.sections);
    for (const bad of ["今天没有 JSON", "{ 不是 JSON }", JSON.stringify({ sections: [] }), JSON.stringify({ sections: [{ title: 1 }] })]) {
      expect(() => parseAnswer(bad)).toThrow(DigestFormatError);
    }
  });

  it("is asked for with every candidate's id, title and summary, and the reader's interests", () => {
    const [system, user] = digestPrompt([candidate(7), candidate(8, { summary: null })], ["睡眠"]);
    expect(system.content).toContain("article_ids");
    expect(user.content).toContain("读者关注：睡眠");
    expect(user.content).toMatch(/^\[7\] 标题7（知乎）\n摘要：/m);
    expect(user.content).toMatch(/^\[8\] 标题8（知乎）$/m);
  });
});

describe("the feeds", () => {
  const view: DigestView = {
    date: "2026-11-29",
    kind: "personal",
    written_by: "local",
    sections: [{ title: "睡眠 & <梦>", points: [{ text: "一条 <b>", article_ids: [5] }] }],
    articles: [{ id: 5, title: "睡眠周期", source_platform: "知乎", url: "/articles/5", read: false }],
    created_at: "2026-11-29T00:00:00.000Z",
  };
  const feed = { base: "https://shiyue.example", title: "我的今日精选", description: "d", self: "https://shiyue.example/feeds/digest/x.xml", pageOf: (d: string) => `/digest/${d}`, digests: [view] };

  it.each(["rss", "atom", "json"] as const)("%s is read by a feed parser: one item per day, its points linking their articles, text escaped", (format) => {
    const parsed = parseFeed(digestFeedDocument(format, feed), feed.self);
    expect(parsed.items).toHaveLength(1);
    expect(parsed.items[0].title).toBe("今日精选 · 11月29日");
    expect(parsed.items[0].url).toBe("https://shiyue.example/digest/2026-11-29");
    expect(parsed.items[0].html).toContain('href="https://shiyue.example/articles/5"');
    expect(parsed.items[0].html).not.toContain("<b>");
  });
});

describe("parameters", () => {
  it("take real days written YYYY-MM-DD and times HH:MM", () => {
    expect(day.safeParse("2026-11-29").success).toBe(true);
    for (const bad of ["2026-02-30", "2026-1-5", "20261129", "2026-11-29T00:00"]) expect(day.safeParse(bad).success).toBe(false);
    expect(digestSettingsBody.safeParse({ time: "07:30" }).success).toBe(true);
    for (const bad of [{ time: "24:00" }, { time: "7:30" }, {}, { enabled: "yes" }]) expect(digestSettingsBody.safeParse(bad).success).toBe(false);
    expect(timeOf(minuteOf("07:30"))).toBe("07:30");
    expect(minuteOf("23:59")).toBe(1439);
  });
});
