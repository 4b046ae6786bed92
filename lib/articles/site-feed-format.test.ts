import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/ingest/feed-parse";
import { cdata, escapeXml, toJsonFeed, toRss, type SiteFeedItem } from "./site-feed-format";

const item = (over: Partial<SiteFeedItem> = {}): SiteFeedItem => ({
  url: "https://shiyue.example/articles/7",
  title: "C++ 里 vector<int> & map 的取舍",
  summary: "摘要",
  author: null,
  sourceUrl: "https://example.com/a",
  cover: null,
  publishedAt: new Date("2026-03-05T12:00:00Z"),
  changedAt: new Date("2026-03-05T12:30:00Z"),
  html: "<p>正文</p>",
  ...over,
});

describe("site feed documents", () => {
  it("splits ]]> across CDATA sections and drops characters XML cannot carry", () => {
    expect(cdata("a]]>b")).toBe("<![CDATA[a]]]]><![CDATA[>b]]>");
    expect(escapeXml('x\u0001y\uFFFE "<&>" \uD800z 😀')).toBe("xy &quot;&lt;&amp;&gt;&quot; z 😀");
  });

  it("writes RSS with escaped text, RFC 822 dates and the channel's self link, read back by our parser", () => {
    const xml = toRss({ base: "https://shiyue.example", items: [item({ html: "<p>有 ]]> 也有 \u0000 控制符</p>" })] });
    expect(xml).toContain("<title>C++ 里 vector&lt;int&gt; &amp; map 的取舍</title>");
    expect(xml).toContain("<pubDate>Thu, 05 Mar 2026 12:00:00 GMT</pubDate>");
    expect(xml).toContain("<lastBuildDate>Thu, 05 Mar 2026 12:30:00 GMT</lastBuildDate>");
    expect(xml).not.toContain("\u0000");
    const [parsed] = parseFeed(xml, "https://shiyue.example/feed.xml").items;
    expect(parsed).toMatchObject({ title: "C++ 里 vector<int> & map 的取舍", url: "https://shiyue.example/articles/7", guid: "https://shiyue.example/articles/7" });
    expect(parsed.html).toContain("也有");
  });

  it("leaves out what an item does not have", () => {
    const doc = JSON.parse(toJsonFeed({ base: "https://shiyue.example", items: [item({ summary: null, sourceUrl: null })] }));
    expect(Object.keys(doc.items[0]).sort()).toEqual(["content_html", "date_published", "id", "title", "url"]);
    expect(toRss({ base: "https://shiyue.example", items: [] })).not.toContain("lastBuildDate");
  });
});
