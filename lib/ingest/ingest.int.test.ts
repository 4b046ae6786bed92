import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as feedRoute } from "@/app/api/v1/articles/route";
import { GET as searchRoute } from "@/app/api/v1/articles/search/route";
import { getDb } from "@/lib/db";
import { articles, feedSources } from "@/lib/db/schema";
import { call } from "@/test/api";
import { startFeedServer, type FeedServer } from "@/test/feed-server";
import { pollDue, startFeedScheduler } from "./scheduler";
import { MAX_DELAY_SECONDS } from "./schedule";
import { addSource, claimSources, listSources } from "./sources";

let feeds: FeedServer;
/** A fixed clock, moved by hand; it starts just after the sources are created (they are due at once). */
const start = () => new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
let clock = start();
const now = () => clock;
const later = (seconds: number) => new Date(clock.getTime() + seconds * 1000);
const half = () => 0.5; // jitter factor exactly 1

beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());
beforeEach(async () => {
  const db = await getDb();
  await db.delete(articles);
  await db.delete(feedSources);
  clock = start();
});

async function add(path: string, opts: { intervalSeconds?: number; platform?: string } = {}) {
  const { source } = await addSource({ db: await getDb(), url: `${feeds.url}${path}`, allowPrivate: true, ...opts });
  return source;
}

async function pollAll() {
  const db = await getDb();
  const ids = (await listSources({ db })).map((s) => s.id);
  return pollDue({ db, concurrency: 3, ids, now, random: half });
}

async function sourceRow(id: number) {
  const [row] = await (await getDb()).select().from(feedSources).where(eq(feedSources.id, id));
  return row;
}

async function articlesOf(sourceId: number) {
  return (await getDb()).select().from(articles).where(eq(articles.feedSourceId, sourceId)).orderBy(articles.id);
}

describe("collecting a feed", () => {
  it("adds RSS items to the feed, searchable, sanitized, with the platform; a second poll adds nothing", async () => {
    const source = await add("/rss.xml");
    expect(source.platform).toBeNull(); // a loopback host: items are recognised by their own links
    const [first] = await pollAll();
    expect(first).toMatchObject({ status: "updated", added: 2 });

    const rows = await articlesOf(source.id);
    expect(rows.map((r) => r.title)).toEqual(["深入理解浏览器的事件循环", "用 CSS 容器查询重写响应式卡片"]);
    const loop = rows[0];
    expect(loop).toMatchObject({ platformName: "juejin", sourcePlatform: "掘金", authorName: "前端小鹿", origin: "feed", guid: "juejin-7301" });
    expect(loop.sourceUrl).toBe("https://juejin.cn/post/7301"); // tracking parameters dropped
    expect(loop.publishedAt.toISOString()).toBe("2023-11-21T01:30:00.000Z");
    expect(loop.summary).toBe("宏任务、微任务与渲染时机，一篇讲清楚。");
    expect(loop.coverImage).toBe("https://juejin.cn/images/event-loop.png");
    expect(loop.content).toContain("## 微任务何时执行");
    expect(loop.content).not.toMatch(/<script|__pwned|javascript:/i);
    expect(rows[1].content).not.toContain("pixel.gif");

    const feed = await call(feedRoute, "/api/v1/articles?page=1&limit=50");
    expect(feed.body.data.items.map((a: { title: string }) => a.title)).toContain("深入理解浏览器的事件循环");
    const search = await call(searchRoute, `/api/v1/articles/search?keyword=${encodeURIComponent("事件循环")}`);
    expect(search.body.data.items[0]).toMatchObject({ title: "深入理解浏览器的事件循环", platform_name: "juejin" });

    clock = later(3600);
    const [second] = await pollAll();
    expect(second).toMatchObject({ status: "updated", added: 0, duplicates: 2 });
    expect(await articlesOf(source.id)).toHaveLength(2);
    expect(feeds.requests.at(-1)!.userAgent).toMatch(/^ShiyueFeedBot\/1\.0/);
  });

  it("reads Atom with relative links and JSON Feed", async () => {
    const atom = await add("/atom.xml");
    const json = await add("/feed.json");
    await pollAll();
    const [entry] = await articlesOf(atom.id);
    expect(entry.sourceUrl).toBe(`${feeds.url}/blog/posts/library-afternoon`);
    expect(entry.content).toContain(`![阅览室](${feeds.url}/img/reading-room.jpg)`);
    expect(entry.platformName).toBeNull(); // unknown host: the default icon
    const [item] = await articlesOf(json.id);
    expect(item).toMatchObject({ title: "为什么冬天的星空更清楚", platformName: "zhihu", authorName: "天文爱好者", coverImage: "https://pic.zhimg.com/stars.jpg" });
  });

  it("sends the ETag back and treats 304 as success at no cost", async () => {
    const source = await add("/etag.xml");
    await pollAll();
    expect((await sourceRow(source.id)).etag).toBe('"v1"');
    clock = later(1800);
    const [result] = await pollAll();
    expect(result).toMatchObject({ status: "not_modified", added: 0 });
    expect(feeds.requests.at(-1)).toMatchObject({ path: "/etag.xml", ifNoneMatch: '"v1"' });
    expect(await sourceRow(source.id)).toMatchObject({ errorCount: 0, lastSuccessAt: clock, nextPollAt: later(1800) });
  });

  it("reads a gzip-encoded feed", async () => {
    const source = await add("/gzip.xml");
    await pollAll();
    expect((await articlesOf(source.id)).map((a) => [a.title, a.platformName])).toEqual([["压缩传输的订阅源也能读", "infoq"]]);
  });

  it("de-duplicates by GUID and by source URL without tracking parameters across polls", async () => {
    const source = await add("/dupes.xml");
    expect((await pollAll())[0]).toMatchObject({ added: 2 });
    clock = later(1800);
    expect((await pollAll())[0]).toMatchObject({ added: 1, duplicates: 2 });
    expect((await articlesOf(source.id)).map((a) => a.guid)).toEqual(["sspai-a", "sspai-b", "sspai-c"]);
  });

  it("de-duplicates an article already collected by another source", async () => {
    const a = await add("/dupes.xml?copy=1"); // fresh queries: each serves its first poll's items
    const b = await add("/dupes.xml?copy=2");
    await pollAll();
    expect((await articlesOf(a.id)).length + (await articlesOf(b.id)).length).toBe(2);
  });
});

describe("scheduling and failures", () => {
  it("a malformed feed fails alone, shows its error, and recovers by itself once mended", async () => {
    feeds.mend(false);
    const broken = await add("/broken.xml");
    const good = await add("/rss.xml");
    const results = await pollAll();
    expect(results.find((r) => r.sourceId === good.id)).toMatchObject({ status: "updated", added: 2 });
    expect(results.find((r) => r.sourceId === broken.id)).toMatchObject({ status: "failed", error: expect.stringContaining("XML 格式错误") });

    const listed = await listSources({ db: await getDb() });
    expect(listed.find((s) => s.id === broken.id)).toMatchObject({ health: "failing", errorCount: 1, lastError: expect.stringContaining("XML") });
    expect(listed.find((s) => s.id === good.id)).toMatchObject({ health: "healthy", articleCount: 2 });

    // Three failures make it unhealthy; the scheduler keeps retrying it when due.
    for (let i = 0; i < 2; i++) {
      clock = (await sourceRow(broken.id)).nextPollAt;
      await pollDue({ db: await getDb(), concurrency: 3, now, random: half });
    }
    expect(await sourceRow(broken.id)).toMatchObject({ errorCount: 3 });
    expect((await listSources({ db: await getDb() })).find((s) => s.id === broken.id)!.health).toBe("unhealthy");

    feeds.mend(true);
    clock = (await sourceRow(broken.id)).nextPollAt;
    const [recovered] = await pollDue({ db: await getDb(), concurrency: 3, now, random: half });
    expect(recovered).toMatchObject({ sourceId: broken.id, status: "updated", added: 1 });
    expect(await sourceRow(broken.id)).toMatchObject({ errorCount: 0, lastError: null });
  });

  it("backs off exponentially with jitter, capped at a day", async () => {
    const source = await add("/error.xml", { intervalSeconds: 1800 });
    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      const [r] = await pollDue({ db: await getDb(), concurrency: 1, ids: [source.id], now, random: half });
      expect(r).toMatchObject({ status: "failed", error: "目标网页返回 500" });
      delays.push((r.nextPollAt.getTime() - clock.getTime()) / 1000);
      clock = r.nextPollAt;
    }
    expect(delays.slice(0, 5)).toEqual([450, 900, 1800, 3600, 7200]);
    expect(Math.max(...delays)).toBe(MAX_DELAY_SECONDS);
    expect(delays.at(-1)).toBe(MAX_DELAY_SECONDS);
    const [r] = await pollDue({ db: await getDb(), concurrency: 1, ids: [source.id], now, random: () => 0 });
    expect((r.nextPollAt.getTime() - clock.getTime()) / 1000).toBe(MAX_DELAY_SECONDS); // jitter never passes the cap
  });

  it("honours Retry-After on a 429", async () => {
    const source = await add("/limited.xml");
    const [r] = await pollAll();
    expect(r).toMatchObject({ status: "failed", error: "目标网页返回 429" });
    expect((await sourceRow(source.id)).nextPollAt).toEqual(later(120));
  });

  it("waits longer when Cache-Control max-age or the feed's TTL asks for it", async () => {
    const maxAge = await add("/max-age.xml", { intervalSeconds: 1800 });
    const ttl = await add("/ttl.xml", { intervalSeconds: 1800 });
    await pollAll();
    expect((await sourceRow(maxAge.id)).nextPollAt).toEqual(later(7200));
    expect((await sourceRow(ttl.id)).nextPollAt).toEqual(later(180 * 60));
  });

  it("polls only due sources, and a claimed source is not claimed twice", async () => {
    const a = await add("/rss.xml");
    await add("/atom.xml");
    const db = await getDb();
    await db.update(feedSources).set({ nextPollAt: later(600) }).where(eq(feedSources.id, a.id));
    const results = await pollDue({ db, concurrency: 3, now, random: half });
    expect(results.map((r) => r.sourceId)).not.toContain(a.id);
    expect(results).toHaveLength(1);
    expect(await pollDue({ db, concurrency: 3, now, random: half })).toEqual([]);
  });

  it("a source just added is due to the very next claim, by the application's clock", async () => {
    // Its due time once came from the database's now(): microseconds, while the scheduler claims with a
    // millisecond Date taken right after the insert — on Postgres about one new source in seven was not yet
    // due, and waited a whole tick (CI's shutdown test saw no poll in 20 s).
    const db = await getDb();
    for (let i = 0; i < 50; i++) {
      const source = await add(`/new-${i}.xml`);
      const claimed = await claimSources({ db, now: new Date(), limit: 1 });
      expect(claimed.map((s) => s.id), `source ${i}`).toEqual([source.id]);
    }
  });

  it("refuses private targets by name, by numeric forms and metadata addresses, without connecting", async () => {
    const port = new URL(feeds.url).port;
    const urls = [
      `http://localhost:${port}/rss.xml`,
      `http://0x7f000001:${port}/rss.xml`,
      `http://2130706433:${port}/decimal.xml`,
      `http://[::ffff:127.0.0.1]:${port}/rss.xml`,
      `http://[::1]:${port}/rss.xml`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/feed.xml",
    ];
    const db = await getDb();
    for (const url of urls) await addSource({ db, url });
    const before = feeds.requests.length;
    const results = await pollAll();
    expect(results).toHaveLength(urls.length);
    for (const r of results) expect(r).toMatchObject({ status: "failed", error: expect.stringContaining("内网") });
    expect(feeds.requests.length).toBe(before);
  });

  it("refuses a loopback feed unless the source allows private addresses", async () => {
    const { source } = await addSource({ db: await getDb(), url: `${feeds.url}/rss.xml` });
    const before = feeds.requests.length;
    const [r] = await pollAll();
    expect(r).toMatchObject({ sourceId: source.id, status: "failed", error: expect.stringContaining("内网") });
    expect(feeds.requests.length).toBe(before);
  });

  it("stops a poll in flight at shutdown without counting a failure, the source due again at once", async () => {
    const source = await add("/slow.xml");
    // Short ticks: should a tick end without polling (one that fails is logged, and the next waits `tickMs`),
    // another follows at once. CI once saw no poll in 20 s with a minute's tick: the source was not yet due to
    // the first claim (fixed in addSource, see "a source just added is due to the very next claim"). How soon
    // the first poll starts is not what this test is about — beside the media tests' ffmpeg runs it took over
    // 5 s once. What is measured is how fast a poll in flight stops.
    const scheduler = startFeedScheduler(getDb, { concurrency: 2, tickMs: 200 });
    await feeds.requested("/slow.xml");
    const started = performance.now();
    await scheduler.stop();
    expect(performance.now() - started).toBeLessThan(2_000);
    const row = await sourceRow(source.id);
    expect(row).toMatchObject({ errorCount: 0, lastError: null });
    expect(row.nextPollAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
