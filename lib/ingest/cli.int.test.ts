// `npm run feeds` as an operator runs it, against the loopback feed server: a separate process on the same database
// while the site runs (the embedded database shared on its socket, or the test's PostgreSQL database) for the
// first command and for a mistake's exit code; every other command through the same function in this process
// (lib/ingest/feeds-command.ts; a child process costs ~4 s to start on a 2-core machine). A command opening the
// directory itself (the site stopped) is played by app/api/admin/sources/cli-shared.int.test.ts.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as feedRoute } from "@/app/api/v1/articles/route";
import { GET as searchRoute } from "@/app/api/v1/articles/search/route";
import { call } from "@/test/api";
import { startFeedServer, type FeedServer } from "@/test/feed-server";
import { feedsCli } from "@/test/feeds-cli";

const cmd = feedsCli("shiyue-feeds-", { through: "socket" });
/** The command as a child process. */
const spawned = cmd.run;
/** The command's function in this process. */
const cli = cmd.here;
const openHere = cmd.openHere;
let feeds: FeedServer;

beforeAll(async () => {
  feeds = await startFeedServer();
  await cmd.setUp();
});
afterAll(async () => {
  await feeds.close();
  await cmd.tearDown();
});

describe("npm run feeds", () => {
  it("adds a local RSS source, polls it into the feed and search with its platform, and a second poll adds nothing", { timeout: 120_000 }, async () => {
    const added = await spawned("add", `${feeds.url}/rss.xml`, "--interval", "15m", "--allow-private");
    expect(added).toMatchObject({ code: 0 });
    expect(added.out).toMatch(/已添加订阅源 #1：.*rss\.xml.*每 15m 抓取/);
    expect((await cli("add", `${feeds.url}/rss.xml`)).out).toContain("订阅源已存在：#1");

    const first = await cli("poll", "--all");
    expect(first.out).toContain("#1 掘金前端精选：新增 2 篇");
    const second = await cli("poll", "--all");
    expect(second.out).toContain("#1 掘金前端精选：新增 0 篇，已有 2 篇");

    const list = await cli("list");
    expect(list.out).toMatch(/#1 \[正常\] 掘金前端精选 · 自动识别 · 每 15m · 2 篇/);
    expect(list.out).toContain("共 1 个订阅源：正常 1，出错 0，异常 0");

    await openHere();
    const feed = await call(feedRoute, "/api/v1/articles?page=1&limit=20");
    const item = feed.body.data.items.find((a: { title: string }) => a.title === "深入理解浏览器的事件循环");
    expect(item).toMatchObject({ platform_name: "juejin", source_platform: "掘金", source_url: "https://juejin.cn/post/7301" });
    await expect(readFile("public/assets/platform_ico/juejin.ico")).resolves.toBeTruthy();
    const search = await call(searchRoute, `/api/v1/articles/search?keyword=${encodeURIComponent("容器查询")}`);
    expect(search.body.data.items[0].title).toBe("用 CSS 容器查询重写响应式卡片");
    await cmd.release();
  });

  it("shows a broken source's error in list while the others keep working; exports and imports OPML", { timeout: 120_000 }, async () => {
    await cli("add", `${feeds.url}/error.xml`, "--allow-private", "--platform", "weibo");
    const poll = await cli("poll", "--all");
    expect(poll.out).toMatch(/#2 .*error\.xml：失败（第 1 次）— 目标网页返回 500/);
    expect(poll.out).toContain("#1 掘金前端精选：新增 0 篇");
    expect(poll.code).toBe(0); // one source failing is not the command failing

    const list = await cli("list");
    expect(list.out).toMatch(/#2 \[出错\] （未抓取） · weibo · 每 30m · 0 篇/);
    expect(list.out).toContain("连续失败 1 次：目标网页返回 500");

    const opml = await cli("export");
    expect(opml.out).toContain(`xmlUrl="${feeds.url}/error.xml" shiyue:platform="weibo"`);
    const file = join(cmd.dir(), "subscriptions.opml");
    await writeFile(file, opml.out.replaceAll("error.xml", "feed.json"));
    expect((await cli("import", file)).out).toContain("OPML 中有 2 个订阅源，新增 1 个");

    expect((await cli("remove", "2")).out).toContain("已删除订阅源 #2");
    expect((await cli("remove", "2")).out).toContain("没有找到订阅源：2");
    // A mistake in the command line: its message, the usage, exit code 1 (every such mistake: feeds-cli-args.test.ts).
    const bogus = await spawned("bogus");
    expect(bogus).toMatchObject({ code: 1 });
    expect(bogus.out).toContain("未知命令：bogus");
    expect(bogus.out).toContain("用法：npm run feeds -- <命令>");
    expect((await cli("add", "ftp://example.com/feed")).out).toContain("只支持 http 和 https 链接");
  });

  it("collects YouTube-format, Reddit-format and undeclared GBK feeds with descriptions, links, images and Chinese titles", { timeout: 120_000 }, async () => {
    for (const path of ["/youtube.xml", "/reddit.xml", "/gbk.xml"]) {
      expect(await cli("add", `${feeds.url}${path}`, "--allow-private")).toMatchObject({ code: 0 });
    }
    const poll = await cli("poll", "--all");
    expect(poll.out).toContain("山野厨房 Mountain Kitchen：新增 2 篇");
    expect(poll.out).toContain("r/ChineseLanguage：新增 3 篇");
    expect(poll.out).toContain("江南晚报·城市频道：新增 2 篇");
    expect((await cli("list")).out).toMatch(/\[正常\] 江南晚报·城市频道 · 自动识别 · 每 30m · 2 篇/);

    await openHere();
    const feed = await call(feedRoute, "/api/v1/articles?page=1&limit=50");
    type Item = { title: string; content: string; summary: string | null; cover_image: string | null; source_url: string; platform_name: string | null };
    const byTitle = (title: string) => feed.body.data.items.find((a: Item) => a.title === title) as Item;
    const video = byTitle("用柴火灶做一锅梅干菜扣肉 | Braised pork with preserved greens");
    expect(video).toMatchObject({
      source_url: "https://www.youtube.com/watch?v=Kq3vT9xLm2A",
      cover_image: "https://i2.ytimg.com/vi/Kq3vT9xLm2A/hqdefault.jpg",
      platform_name: "youtube",
    });
    expect(video.content).toContain("梅干菜要提前泡两个小时");
    expect(video.content).toContain("(https://kitchen.example.com/recipes/meigancai-kourou?ref=yt)");
    const post = byTitle("I hand-copied 《静夜思》 every day for a year – here is the last page");
    expect(post.cover_image).toBe("https://b.thumbs.redditmedia.example/jingyesi-last-page.jpg");
    expect(post.content).toContain("[/u/moonlit\\_desk](https://www.reddit.com/user/moonlit_desk)");
    expect(post.content).toContain("[\\[link\\]](https://i.redd.example/jingyesi-365.jpeg)");
    const news = byTitle("老城区改造：三条百年街巷恢复青石板路面");
    expect(news.content).toContain("居民说：“走在上面，又像回到了小时候。”");
    expect(news.cover_image).toBe("https://news.jiangnan.example.cn/images/2024/0312/qingshiban.jpg");
    expect(JSON.stringify(feed.body)).not.toContain("\ufffd");
    await cmd.release();
  });

  it("sets how many items a poll keeps, on add and for an existing source, with clear errors", { timeout: 120_000 }, async () => {
    const added = await cli("add", `${feeds.url}/podcast.xml?episodes=30`, "--allow-private", "--max-items", "10");
    expect(added.out).toMatch(/已添加订阅源 #(\d+)：.*podcast\.xml.*每次最多 10 条/);
    const id = /#(\d+)/.exec(added.out)![1];
    expect((await cli("poll", id)).out).toContain("慢慢聊：新增 10 篇");
    expect((await cli("list")).out).toMatch(/慢慢聊 · 自动识别 · 每 30m · 每次最多 10 条 · 10 篇/);

    expect((await cli("set", id, "--max-items", "1000")).out).toContain(`已更新订阅源 #${id}：每 30m 抓取，每次最多 1000 条`);
    expect((await cli("poll", id)).out).toContain("慢慢聊：新增 20 篇，已有 10 篇");
    expect((await cli("export")).out).toContain('shiyue:maxItems="1000"');

    const bad = await cli("set", id, "--max-items", "5001");
    expect(bad).toMatchObject({ code: 1 });
    expect(bad.out).toContain("--max-items 需要 1 到 5000 之间的整数（当前：5001）");
    expect((await cli("set", "999", "--max-items", "5")).out).toContain("没有找到订阅源：999");
  });
});
