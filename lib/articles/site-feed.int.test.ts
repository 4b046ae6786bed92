// 拾阅's own feeds through their route handlers on a real database, read back with the collector's own parser
// (lib/ingest/feed-parse.ts): the newest 50 published articles, newest first, with full bodies; hidden and
// future-dated articles never; raw HTML and javascript: links never; kept in memory until the articles change.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as jsonFeed, POST as postJson } from "@/app/feed.json/route";
import { GET as rssFeed, POST as postRss } from "@/app/feed.xml/route";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { parseFeed, type FeedItem } from "@/lib/ingest/feed-parse";
import { siteUrl } from "@/lib/site";
import { call } from "@/test/api";
import { SITE_FEED_CACHE_CONTROL, SITE_FEED_SIZE, siteFeed } from "./site-feed";

const SEEDED = 60;
const START = Date.now() - 60_000; // every seeded article is at least a minute old
const TAG = `site-feed-${process.pid}`;

type Seeded = { id: number; title: string; sourceUrl: string; publishedAt: Date; authorName: string | null };
let seeded: Seeded[] = []; // newest first
let hidden: Seeded;
let future: Seeded;

const body = (i: number) =>
  [
    `第 ${i} 篇的正文，第一段。`,
    ["```js", `console.log("代码 ${i}");`, "```"].join("\n"),
    ["| 列 | 值 |", "|---|---|", `| 序号 | ${i} |`].join("\n"),
    "<script>window.__xss = 1</script>",
    "[坏链接](javascript:__xss()) 与 [好链接](https://example.com/ok)",
    i === 0 ? "末尾有 ]]> 这样的字符，之后的文字仍在" : "",
  ].join("\n\n");

const row = (i: number, publishedAt: Date, extra: Partial<typeof articles.$inferInsert> = {}) => ({
  title: `站点订阅 ${i}`,
  content: body(i),
  summary: `摘要 ${i}`,
  authorName: i % 2 ? `作者${i}` : null,
  sourcePlatform: "掘金",
  sourceUrl: `https://example.com/${TAG}/${i}`,
  publishedAt,
  ...extra,
});

const returning = {
  id: articles.id,
  title: articles.title,
  sourceUrl: articles.sourceUrl,
  publishedAt: articles.publishedAt,
  authorName: articles.authorName,
};

beforeAll(async () => {
  const db = await getDb();
  // Inserted oldest first, so ids do not follow the publish order the feeds must use: two share a time (id desc then).
  const values = Array.from({ length: SEEDED }, (_, i) => row(i, new Date(START - (i === 11 ? 10 : i) * 60_000))).reverse();
  const rows = await db.insert(articles).values(values).returning(returning);
  seeded = rows.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id);
  [hidden] = await db
    .insert(articles)
    .values(row(900, new Date(START + 30_000), { title: "已隐藏的文章", hiddenAt: new Date() }))
    .returning(returning);
  [future] = await db
    .insert(articles)
    .values(row(901, new Date(Date.now() + 30 * 60_000), { title: "尚未发布的文章" }))
    .returning(returning);
});

const permalink = (id: number) => `${siteUrl()}/articles/${id}`;

/** Both feeds, read back as the collector reads a source. */
async function readFeed(handler: typeof rssFeed, path: string) {
  const res = await call(handler, path);
  expect(res.status).toBe(200);
  return { res, feed: parseFeed(res.text, `http://localhost${path}`) };
}

/** `precision` ms: RFC 822 dates carry whole seconds, JSON Feed's milliseconds. */
function expectNewest50(items: FeedItem[], precision: 1 | 1000, expected = seeded.slice(0, SITE_FEED_SIZE)) {
  expect(items).toHaveLength(SITE_FEED_SIZE);
  expect(items.map((i) => i.title)).toEqual(expected.map((a) => a.title));
  expect(items.map((i) => i.url)).toEqual(expected.map((a) => permalink(a.id)));
  const times = items.map((i) => i.publishedAt!.getTime());
  for (let k = 1; k < times.length; k++) expect(times[k]).toBeLessThanOrEqual(times[k - 1]);
  for (const [k, item] of items.entries()) {
    const a = expected[k];
    expect(item.guid).toBe(permalink(a.id));
    expect(item.publishedAt!.getTime()).toBe(Math.floor(a.publishedAt.getTime() / precision) * precision);
    expect(item.author).toBe(a.authorName);
    const html = item.html ?? "";
    // The full body: its first paragraph, the code block and the table, and the line linking the source.
    expect(html).toContain(`第 ${a.sourceUrl.split("/").pop()} 篇的正文，第一段。`);
    expect(html).toMatch(/<pre><code class="language-js">console\.log\(("|&quot;)代码 \d+("|&quot;)\);\s*<\/code><\/pre>/);
    expect(html).toMatch(/<table>[\s\S]*<td>序号<\/td>[\s\S]*<\/table>/);
    expect(html).toContain(`原文：<a href="${a.sourceUrl}">掘金</a>`);
    expect(html).toContain('<a href="https://example.com/ok">好链接</a>');
    // Raw HTML and unsafe links do not come through.
    expect(html).not.toMatch(/<script|__xss = 1/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain("<a>坏链接</a>");
  }
  const titles = items.map((i) => i.title);
  expect(titles).not.toContain(hidden.title);
  expect(titles).not.toContain(future.title);
}

describe("GET /feed.xml", () => {
  it("answers RSS 2.0 of the newest 50 published articles with full bodies, read back by our own parser", async () => {
    const { res, feed } = await readFeed(rssFeed, "/feed.xml");
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe(SITE_FEED_CACHE_CONTROL);
    expect(res.headers.get("etag")).toMatch(/^"[\w-]{27}"$/);
    expect(feed).toMatchObject({ kind: "rss", title: "拾阅", siteUrl: `${siteUrl()}/` });
    expectNewest50(feed.items, 1000);
    expect(feed.items[0].summary).toBe("摘要 0");
    // A `]]>` in the body is split across CDATA sections: the text after it is still in the body.
    expect(feed.items[0].html).toContain("之后的文字仍在");

    expect(res.text).toContain("<language>zh-CN</language>");
    expect(res.text).toContain(`<atom:link href="${siteUrl()}/feed.xml" rel="self" type="application/rss+xml"/>`);
    expect(res.text).toContain(`<lastBuildDate>`);
    expect(res.text).toContain(`<guid isPermaLink="true">${permalink(seeded[0].id)}</guid>`);
    expect(res.text).toContain(`<pubDate>${seeded[0].publishedAt.toUTCString()}</pubDate>`);
  });

  it("answers 304 to a reader that has the current document, and 405 to other methods", async () => {
    const first = await call(rssFeed, "/feed.xml");
    const etag = first.headers.get("etag")!;
    const again = await call(rssFeed, "/feed.xml", { headers: { "if-none-match": `W/"x", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect((await call(rssFeed, "/feed.xml", { headers: { "if-none-match": '"other"' } })).status).toBe(200);

    for (const [handler, path] of [[postRss, "/feed.xml"], [postJson, "/feed.json"]] as const) {
      const res = await call(handler, path, { method: "POST", raw: "" });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    }
  });
});

describe("GET /feed.json", () => {
  it("answers JSON Feed 1.1 with the same 50 items, read back by our own parser", async () => {
    const { res, feed } = await readFeed(jsonFeed, "/feed.json");
    expect(res.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe(SITE_FEED_CACHE_CONTROL);
    expect(feed).toMatchObject({ kind: "json", title: "拾阅", siteUrl: `${siteUrl()}/` });
    expectNewest50(feed.items, 1);

    const doc = JSON.parse(res.text);
    expect(doc).toMatchObject({ version: "https://jsonfeed.org/version/1.1", feed_url: `${siteUrl()}/feed.json`, language: "zh-CN" });
    expect(doc.items[1]).toMatchObject({
      id: permalink(seeded[1].id),
      url: permalink(seeded[1].id),
      external_url: seeded[1].sourceUrl,
      title: seeded[1].title,
      summary: "摘要 1",
      date_published: seeded[1].publishedAt.toISOString(),
      authors: [{ name: "作者1" }],
    });
  });
});

describe("the feeds kept in memory", () => {
  it("serves a repeat poll from memory, and follows new, hidden and edited articles at once", async () => {
    const kept = await siteFeed({ kind: "rss" });
    expect(await siteFeed({ kind: "rss" })).toBe(kept); // same document object: no query beyond the version read

    const db = await getDb();
    const [added] = await db
      .insert(articles)
      .values(row(950, new Date(), { title: "刚收录的文章" }))
      .returning(returning);
    const fresh = await call(rssFeed, "/feed.xml", { headers: { "if-none-match": kept.etag } });
    expect(fresh.status).toBe(200);
    expectNewest50(parseFeed(fresh.text, "http://localhost/feed.xml").items, 1000, [added, ...seeded.slice(0, SITE_FEED_SIZE - 1)]);

    await db.update(articles).set({ hiddenAt: new Date() }).where(eq(articles.id, added.id));
    expectNewest50((await readFeed(jsonFeed, "/feed.json")).feed.items, 1);

    await db.update(articles).set({ content: "改过的正文\n\n```js\nconsole.log(\"代码 2\");\n```\n\n| 列 | 值 |\n|---|---|\n| 序号 | 2 |" }).where(eq(articles.id, seeded[2].id));
    const edited = (await readFeed(rssFeed, "/feed.xml")).feed.items[2];
    expect(edited.html).toContain("改过的正文");
    expect(edited.html).not.toContain("第 2 篇的正文");
    await db.update(articles).set({ content: body(2) }).where(eq(articles.id, seeded[2].id));
  });

  it("takes in a future-dated article when its time comes, without any change in the database", async () => {
    const before = parseFeed((await siteFeed({ kind: "json" })).body, "http://localhost/feed.json");
    expect(before.items.map((i) => i.title)).not.toContain(future.title);
    const after = parseFeed((await siteFeed({ kind: "json", now: future.publishedAt.getTime() + 1 })).body, "http://localhost/feed.json");
    expect(after.items).toHaveLength(SITE_FEED_SIZE);
    expect(after.items.map((i) => i.url)).toEqual([future, ...seeded.slice(0, SITE_FEED_SIZE - 1)].map((a) => permalink(a.id)));
  });
});
