// `npm run feeds` as an operator runs it: a separate process on the same database (a PGlite directory, or
// the test's PostgreSQL database), against the loopback feed server.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as feedRoute } from "@/app/api/v1/articles/route";
import { GET as searchRoute } from "@/app/api/v1/articles/search/route";
import { resetConfig } from "@/lib/config";
import { closeDb } from "@/lib/db";
import { call } from "@/test/api";
import { startFeedServer, type FeedServer } from "@/test/feed-server";

const run = promisify(execFile);
let feeds: FeedServer;
let dir: string;
const env: NodeJS.ProcessEnv = { ...process.env };

async function cli(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run("node", ["--conditions=react-server", "--import", "tsx", "scripts/feeds.ts", ...args], { env, timeout: 60_000 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** Reads the CLI's database in this process (a PGlite directory allows one process at a time). */
async function openHere() {
  await closeDb();
  if (env.PGLITE_DIR) process.env.PGLITE_DIR = env.PGLITE_DIR;
  resetConfig();
}

beforeAll(async () => {
  feeds = await startFeedServer();
  dir = await mkdtemp(join(tmpdir(), "shiyue-feeds-"));
  if (!process.env.DATABASE_URL) {
    await closeDb();
    env.PGLITE_DIR = join(dir, "pglite");
  }
  delete env.NODE_OPTIONS; // vitest's loader hooks are not for the child
});
afterAll(async () => {
  await feeds.close();
  await rm(dir, { recursive: true, force: true });
});

describe("npm run feeds", () => {
  it("adds a local RSS source, polls it into the feed and search with its platform, and a second poll adds nothing", { timeout: 120_000 }, async () => {
    const added = await cli("add", `${feeds.url}/rss.xml`, "--interval", "15m", "--allow-private");
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
    await closeDb();
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
    const file = join(dir, "subscriptions.opml");
    await writeFile(file, opml.out.replaceAll("error.xml", "feed.json"));
    expect((await cli("import", file)).out).toContain("OPML 中有 2 个订阅源，新增 1 个");

    expect((await cli("remove", "2")).out).toContain("已删除订阅源 #2");
    expect((await cli("remove", "2")).out).toContain("没有找到订阅源：2");
    expect((await cli("bogus")).out).toContain("未知命令：bogus");
    expect((await cli("add", "ftp://example.com/feed")).out).toContain("只支持 http 和 https 链接");
    expect((await cli("add", `${feeds.url}/x`, "--interval", "5")).out).toContain("--interval 需要 1 分钟到 1 天之间的时长");
  });
});
