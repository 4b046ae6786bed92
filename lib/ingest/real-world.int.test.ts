// Feeds shaped like the real-world ones that broke collection (issue 18), polled from the loopback server
// into the article table: a YouTube channel, raw HTML descriptions (Reddit), an undeclared GBK feed, and
// feeds in Big5, Shift_JIS, EUC-KR, GB18030 and windows-1252 that declare no charset (test/charsets/).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles, feedSources } from "@/lib/db/schema";
import { CHARSET_FIXTURES, charsetSource } from "@/test/charsets";
import { startFeedServer, type FeedServer } from "@/test/feed-server";
import { pollDue } from "./scheduler";
import { addSource } from "./sources";

let feeds: FeedServer;

beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());
beforeEach(async () => {
  const db = await getDb();
  await db.delete(articles);
  await db.delete(feedSources);
});

async function collect(path: string) {
  const db = await getDb();
  const { source } = await addSource({ db, url: `${feeds.url}${path}`, allowPrivate: true });
  const [result] = await pollDue({ db, concurrency: 1, ids: [source.id] });
  const [row] = await db.select().from(feedSources).where(eq(feedSources.id, source.id));
  const items = await db.select().from(articles).where(eq(articles.feedSourceId, source.id)).orderBy(articles.id);
  return { result, source: row, items };
}

describe("real-world feed shapes", () => {
  it("collects a YouTube channel: the description as content with its links, the thumbnail as cover, the watch page", async () => {
    const { result, items } = await collect("/youtube.xml");
    expect(result).toMatchObject({ status: "updated", added: 2 });
    const [video] = items;
    expect(video).toMatchObject({
      title: "用柴火灶做一锅梅干菜扣肉 | Braised pork with preserved greens",
      sourceUrl: "https://www.youtube.com/watch?v=Kq3vT9xLm2A",
      coverImage: "https://i2.ytimg.com/vi/Kq3vT9xLm2A/hqdefault.jpg",
      platformName: "youtube",
      sourcePlatform: "YouTube",
      authorName: "山野厨房 Mountain Kitchen",
    });
    expect(video.content).toContain("最后上锅蒸一个半小时。\\\nSoak the preserved greens");
    expect(video.content).toContain("[https://kitchen.example.com/recipes/meigancai-kourou?ref=yt](https://kitchen.example.com/recipes/meigancai-kourou?ref=yt)");
    expect(video.summary).toContain("梅干菜要提前泡两个小时");
    expect(items[1]).toMatchObject({ sourceUrl: "https://www.youtube.com/watch?v=Zr8wQ4nPb7C", content: "上山挖笋，回家做油焖笋。" });
  });

  it("keeps the links and images of raw HTML descriptions (Reddit), the thumbnail as cover", async () => {
    const { result, items } = await collect("/reddit.xml");
    expect(result).toMatchObject({ status: "updated", added: 3 });
    const [post, rich] = items;
    expect(post).toMatchObject({ title: "I hand-copied 《静夜思》 every day for a year – here is the last page", coverImage: "https://b.thumbs.redditmedia.example/jingyesi-last-page.jpg" });
    expect(post.content).toContain("submitted by [/u/moonlit\\_desk](https://www.reddit.com/user/moonlit_desk)");
    expect(post.content).toContain("[\\[959 comments\\]](https://www.reddit.com/r/ChineseLanguage/comments/1b2c3d/i_handcopied_every_day/)");
    expect(rich).toMatchObject({ coverImage: "https://i.redd.example/sandhi.png", summary: "A one-page summary." });
    expect(rich.content).toContain("[wiki](https://www.reddit.com/r/ChineseLanguage/wiki/tones)");
    expect(rich.content).not.toContain("alert");
  });

  it("reads an undeclared GBK feed with its Chinese titles, text and images", async () => {
    const { result, source, items } = await collect("/gbk.xml");
    expect(result).toMatchObject({ status: "updated", added: 2 });
    expect(source.title).toBe("江南晚报·城市频道");
    expect(items.map((a) => a.title)).toEqual(["老城区改造：三条百年街巷恢复青石板路面", "地铁五号线周末延长运营至深夜十二点"]);
    expect(items[0].content).toContain("居民说：“走在上面，又像回到了小时候。”");
    expect(items[0].coverImage).toBe("https://news.jiangnan.example.cn/images/2024/0312/qingshiban.jpg");
    expect(items.map((a) => `${a.content}${a.summary}`).join("")).not.toContain("\ufffd");
  });

  it.each(CHARSET_FIXTURES)("reads an undeclared $name feed ($language): titles and text as its UTF-8 source says", async ({ name }) => {
    const source = charsetSource(`${name}-feed.xml`);
    const all = (pattern: RegExp) => [...source.matchAll(pattern)].map((m) => m[1]);
    const { result, source: row, items } = await collect(`/charsets/${name}-feed.xml`);
    expect(result).toMatchObject({ status: "updated", added: 3 });
    expect(row.title).toBe(all(/<channel>\s*<title>(.*?)<\/title>/g)[0]);
    expect(items.map((a) => a.title)).toEqual(all(/<item>\s*<title>(.*?)<\/title>/g));
    const bodies = all(/<!\[CDATA\[(.*?)\]\]>/g).map((html) => [...html.matchAll(/<p>(.*?)<\/p>/g)].map((m) => m[1]).join("\n\n"));
    expect(items.map((a) => a.content)).toEqual(bodies);
    expect(items.map((a) => `${a.title}${a.content}${a.summary ?? ""}`).join("")).not.toContain("\ufffd");
  });
});
