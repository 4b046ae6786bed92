import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseFeedDate, personName } from "./feed-common";
import { FEED_MESSAGES, FeedParseError, MAX_FEED_ITEMS, parseFeed } from "./feed-parse";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("parseFeed: RSS 2.0", () => {
  const feed = parseFeed(fixture("rss-cdata.xml"), "https://sspai.example.cn/feed");

  it("reads the channel", () => {
    expect(feed).toMatchObject({ kind: "rss", title: "少数派 & 朋友们", siteUrl: "https://sspai.example.cn/", ttlMinutes: 30 });
  });

  it("takes the body from CDATA content:encoded, the author from dc:creator, relative URLs made absolute", () => {
    const [item] = feed.items;
    expect(item).toMatchObject({
      guid: "sspai-1001",
      url: "https://sspai.example.cn/post/1001",
      title: "用 Obsidian 搭建个人知识库",
      summary: "知识管理的第一步，是把零散的笔记集中起来。",
      author: "王小明",
      publishedAt: new Date("2024-03-05T12:00:00Z"),
      cover: null,
    });
    expect(item.html).toContain("笔记<strong>集中</strong>起来");
    expect(item.html).toContain('<img src="https://sspai.example.cn/uploads/cover.png" alt="封面">');
  });

  it("decodes an entity-encoded description, keeps literal angle brackets in a title, reads a permalink guid", () => {
    expect(feed.items[1]).toMatchObject({
      guid: "https://sspai.example.cn/post/1002",
      url: "https://sspai.example.cn/post/1002",
      title: "C++ 中 std::vector<int> 的扩容 & 性能",
      html: "<p>扩容时会<em>重新分配</em>内存。</p>",
      summary: null,
      author: "李雷",
      publishedAt: new Date("2024-03-06T08:30:00Z"),
    });
  });

  it("skips items with neither link nor guid and keeps one with a guid but an unsafe link", () => {
    expect(feed.items.map((i) => i.title)).toEqual(["用 Obsidian 搭建个人知识库", "C++ 中 std::vector<int> 的扩容 & 性能", "北京时间的日期", "没有时区的日期", "坏掉的日期"]);
    expect(feed.items[4]).toMatchObject({ guid: "sspai-1005", url: null, publishedAt: null });
  });

  it("reads CST and zone-less dates as Beijing time and drops a bare e-mail author", () => {
    expect(feed.items[2]).toMatchObject({ publishedAt: new Date("2024-03-07T01:00:00Z"), author: null });
    expect(feed.items[3].publishedAt).toEqual(new Date("2024-03-08T02:15:00Z"));
  });
});

describe("parseFeed: covers and namespaces", () => {
  const feed = parseFeed(fixture("media-rss.xml"), "https://photo.example.cn/rss");

  it("prefers an image enclosure, then media:content, media:thumbnail, itunes:image", () => {
    expect(feed.items.map((i) => i.cover)).toEqual([
      "https://photo.example.cn/covers/a.jpg",
      "https://img.example.cn/b.jpg",
      "https://img.example.cn/c.webp",
      "https://img.example.cn/d.jpg",
    ]);
  });

  it("matches content:encoded by its namespace, whatever the prefix", () => {
    expect(feed.items[0].html).toBe("<p>正文 A</p>");
  });

  it("resolves relative URLs in item HTML against the item's link when the feed is proxied from elsewhere", () => {
    const rss = `<rss version="2.0"><channel><title>代理</title><item><link>https://juejin.cn/post/7301</link>
      <description>&lt;img src="/images/loop.png"&gt;&lt;a href="next"&gt;下一篇&lt;/a&gt;</description></item></channel></rss>`;
    expect(parseFeed(rss, "https://rsshub.example.cn/juejin/posts").items[0].html).toBe(
      '<img src="https://juejin.cn/images/loop.png"><a href="https://juejin.cn/post/next">下一篇</a>',
    );
  });

  it("reads RSS 1.0 (RDF)", () => {
    const rdf = `<?xml version="1.0"?>
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel rdf:about="https://old.example.cn/"><title>老博客</title><link>https://old.example.cn/</link></channel>
        <item rdf:about="https://old.example.cn/1"><title>第一篇</title><link>https://old.example.cn/1</link>
          <dc:date>2004-05-01T10:00:00+08:00</dc:date><dc:creator>老王</dc:creator></item>
      </rdf:RDF>`;
    expect(parseFeed(rdf, "https://old.example.cn/index.rdf")).toMatchObject({
      kind: "rss",
      title: "老博客",
      items: [{ guid: "https://old.example.cn/1", url: "https://old.example.cn/1", author: "老王", publishedAt: new Date("2004-05-01T02:00:00Z") }],
    });
  });

  it(`keeps at most ${MAX_FEED_ITEMS} items`, () => {
    const items = Array.from({ length: 250 }, (_, i) => `<item><guid>n-${i}</guid><title>第 ${i} 条</title></item>`).join("");
    const feed = parseFeed(`<rss version="2.0"><channel><title>多</title>${items}</channel></rss>`, "https://many.example.cn/");
    expect(feed.items).toHaveLength(MAX_FEED_ITEMS);
    expect(feed.items.at(-1)?.guid).toBe("n-199");
  });
});

describe("parseFeed: Atom", () => {
  const feed = parseFeed(fixture("atom-xmlbase.xml"), "https://blog.example.cn/atom.xml");

  it("resolves links against nested xml:base", () => {
    expect(feed).toMatchObject({ kind: "atom", title: "阿橙的博客", siteUrl: "https://blog.example.cn/zh/", ttlMinutes: null });
    expect(feed.items.map((i) => i.url)).toEqual([
      "https://blog.example.cn/zh/posts/2024/generics.html",
      "https://blog.example.cn/zh/weekly/12",
    ]);
  });

  it("serializes xhtml content as HTML with absolute URLs and explicit end tags", () => {
    const [entry] = feed.items;
    expect(entry).toMatchObject({
      guid: "tag:blog.example.cn,2024:generics",
      title: "Rust 里的 <T> 泛型",
      summary: "泛型让一份代码服务多种类型。",
      author: "阿橙",
      publishedAt: new Date("2024-03-09T13:00:00Z"),
      cover: "https://blog.example.cn/img/generics.jpg",
    });
    expect(entry.html).toContain('<a href="https://blog.example.cn/zh/examples/generic.rs">例子</a>');
    expect(entry.html).toContain('<span class="anchor"></span>泛型参数');
    expect(entry.html).toContain("<code>Vec&lt;T&gt;</code>");
    expect(entry.html).toContain('<img src="https://blog.example.cn/zh/posts/2024/diagram.png" alt="示意图">');
  });

  it("escapes text content into HTML, strips tags from an html title, falls back to updated", () => {
    expect(feed.items[1]).toMatchObject({
      title: "周记 第 12 期",
      html: "<p>这周读了两本书。<br>第一本是《长安的荔枝》。</p>\n<p>第二本 &lt;很难&gt; 说。</p>",
      summary: null,
      author: "小橘",
      publishedAt: new Date("2024-03-08T09:00:00Z"),
    });
  });
});

describe("parseFeed: JSON Feed 1.1", () => {
  const feed = parseFeed(`\uFEFF  ${fixture("jsonfeed-1.1.json")}`, "https://tech.example.cn/feed.json");

  it("reads the feed and its items, skipping items without id or url", () => {
    expect(feed).toMatchObject({ kind: "json", title: "一周科技速递", siteUrl: "https://tech.example.cn/", ttlMinutes: null });
    expect(feed.items).toEqual([
      {
        guid: "2024-10",
        url: "https://tech.example.cn/weekly/2024-10",
        title: "第 10 期：国产大模型开源潮",
        html: '<p>本周有三家公司<a href="https://tech.example.cn/news/open">开源</a>了模型。</p>',
        summary: "三家公司开源了大模型。",
        author: "陈晨",
        publishedAt: new Date("2024-03-08T10:00:00Z"),
        cover: "https://tech.example.cn/img/2024-10.png",
        media: [],
      },
      {
        guid: "2024009",
        url: "https://news.example.com/story",
        title: "转载：芯片出口新规",
        html: "<p>全文见原文链接。<br>请注意 &lt;b&gt; 不是标签。</p>",
        summary: null,
        author: "速递编辑部",
        publishedAt: new Date("2024-03-01T10:00:00Z"),
        cover: "https://cdn.tech.example.cn/chip.webp",
        media: [],
      },
    ]);
  });
});

describe("parseFeed: errors", () => {
  it.each([
    ["a download cut off mid-item", fixture("truncated.xml"), FEED_MESSAGES.truncated],
    ["an unclosed tag at the end", "<rss><channel><item><title>x", FEED_MESSAGES.truncated],
    ["an unterminated attribute", '<rss version="2.0><channel></channel></rss>', FEED_MESSAGES.badXml],
    ["an HTML page", "<!doctype html><html><body><p>404</p></body></html>", FEED_MESSAGES.unknown],
    ["another XML vocabulary", "<svg><rect/></svg>", FEED_MESSAGES.unknown],
    ["plain text", "服务器维护中", FEED_MESSAGES.unknown],
    ["broken JSON", '{"version": "https://jsonfeed.org/version/1.1", "items": [', FEED_MESSAGES.badJson],
    ["JSON that is not a feed", '{"data": []}', FEED_MESSAGES.unknown],
    ["another JSON format with items", '{"version": "2.0", "items": []}', FEED_MESSAGES.unknown],
    ["nothing", " \uFEFF ", FEED_MESSAGES.empty],
  ])("rejects %s", (_, body, message) => {
    let error: unknown;
    try {
      parseFeed(body, "https://x.example.cn/feed");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FeedParseError);
    expect((error as Error).message).toBe(message);
  });
});

describe("parseFeedDate", () => {
  it.each([
    ["Tue, 05 Mar 2024 20:00:00 +0800", "2024-03-05T12:00:00.000Z"],
    ["Tue, 5 Mar 2024 20:00:00 GMT+8", "2024-03-05T12:00:00.000Z"],
    ["Tue, 05 Mar 2024 20:00:00 GMT", "2024-03-05T20:00:00.000Z"],
    ["Tue, 05 Mar 2024 20:00:00 CST", "2024-03-05T12:00:00.000Z"],
    ["2024-03-05T20:00:00+08:00", "2024-03-05T12:00:00.000Z"],
    ["2024-03-05T12:00:00.123Z", "2024-03-05T12:00:00.123Z"],
    ["2024-03-05 20:00:00", "2024-03-05T12:00:00.000Z"],
    ["2024/3/5", "2024-03-04T16:00:00.000Z"],
    ["2023-11-18", "2023-11-17T16:00:00.000Z"], // a page's <time datetime> too: midnight in Beijing
    ["2024年3月5日 08:30", "2024-03-05T00:30:00.000Z"],
    ["2024年3月5日", "2024-03-04T16:00:00.000Z"],
    ["2024年3月5日 08:30 星期二", "2024-03-05T00:30:00.000Z"],
    ["2024-02-30 10:00", null],
    ["2024年13月5日", null],
    ["2024-03-05 24:30", null],
    ["下周二", null],
    ["Mar 5", null],
    ["2024-13-45T99:00:00Z", null],
    ["", null],
  ])("%s → %s", (raw, iso) => {
    expect(parseFeedDate(raw)?.toISOString() ?? null).toBe(iso);
  });
});

describe("personName", () => {
  it.each([
    ["张三", "张三"],
    ["zhang@example.cn (张三)", "张三"],
    ['"张三" <zhang@example.cn>', "张三"],
    ["zhang@example.cn", null],
    ["  ", null],
  ])("%s → %s", (raw, name) => {
    expect(personName(raw)).toBe(name);
  });
});
