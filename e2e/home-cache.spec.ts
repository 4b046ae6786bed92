// The cached anonymous home page (lib/server/home-cache.ts) through the real server: served from memory
// as it was rendered (one nonce per kept page) with an ETag a client revalidates with, never for sessions, searches or client navigations, and current as soon
// as a new article is collected. Browser-free: runs once, in the desktop project.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "./support/fixtures";
import { onServerDb } from "./support/server-db";
import { feedsCommand, pollFeed } from "./support/xss-trap";

const CACHE = "x-page-cache";

/** Asks for / until the cache answers (the first request renders it behind the scenes). */
async function cachedHome(request: APIRequestContext) {
  let res = await request.get("/");
  await expect.poll(async () => (res = await request.get("/")).headers()[CACHE], { message: "the home page from the cache", timeout: 30_000 }).toBe("hit");
  return res;
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1];

test("a visitor's home page comes from the cache, with the feed's page 1, one nonce per kept page and its validators", async ({ request }) => {
  const first = await cachedHome(request);
  const second = await request.get("/");
  expect(second.headers()[CACHE]).toBe("hit");
  const [a, b] = [first, second].map((r) => ({ nonce: nonceOf(r.headers()["content-security-policy"]), etag: r.headers()["etag"], html: "" }));
  a.html = await first.text();
  b.html = await second.text();
  for (const { nonce, etag, html } of [a, b]) {
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  }
  // The same kept page answers the same bytes under the same ETag; a 304 when the client holds it. (The page may
  // have been rendered again in between, its counters refreshed: then both change together.)
  expect(a.etag === b.etag).toBe(a.html === b.html);
  expect(a.nonce === b.nonce).toBe(a.html === b.html);
  const revalidated = await request.get("/", { headers: { "if-none-match": b.etag } });
  expect([304, 200]).toContain(revalidated.status());
  if (revalidated.status() === 304) expect(await revalidated.body()).toHaveLength(0);
  else expect(revalidated.headers()["etag"]).not.toBe(b.etag);
  expect(first.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=50, no-transform");
  expect(first.headers()["vary"]).toMatch(/\bCookie\b/);
  // The same page both times (its counters may have been refreshed in between: they may lag up to 10 s).
  const cards = (html: string) => [...html.matchAll(/href="\/articles\/(\d+)"/g)].map((m) => m[1]);
  expect(cards(a.html)).toHaveLength(20);
  expect(cards(b.html).sort()).toEqual(cards(a.html).sort());
  expect(first.headers()["content-type"]).toContain("text/html");
  expect(first.headers()["x-frame-options"]).toBe("DENY");

  const feed = (await (await request.get("/api/v1/articles?page=1")).json()).data.items as { title: string }[];
  expect(feed).toHaveLength(20);
  for (const { title } of feed) expect(a.html).toContain(escapeHtml(title));
});

test("sessions, searches, later pages and client navigations are rendered for the request", async ({ request, playwright, baseURL }) => {
  await cachedHome(request);
  for (const path of ["/?q=数据库", "/?page=1", "/about"]) expect((await request.get(path)).headers()[CACHE], path).toBeUndefined();
  // A client navigation: Next.js strips its RSC headers before the proxy, Fetch Metadata remains.
  const navigation = await request.get("/", { headers: { RSC: "1", "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors" } });
  expect(navigation.headers()[CACHE]).toBeUndefined();
  expect(navigation.headers()["content-type"]).toContain("text/x-component");

  const account = `cache${Date.now().toString(36)}`;
  const reg = await request.post("/api/v1/auth/register", { data: { account_name: account, password: "secret-pass-1", agree_terms: true } });
  expect(reg.ok()).toBe(true);
  const token = (await reg.json()).data.access_token as string;
  const signedIn = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `shiyue_token=${token}` } });
  const res = await signedIn.get("/");
  expect(res.headers()[CACHE]).toBeUndefined();
  expect(await res.text()).not.toContain(">登录<"); // the signed-in header, not the visitor's page
  await signedIn.dispose();
});

test("an article collected while the page is cached is on the visitor's home page at once", async ({ request, baseURL }) => {
  await cachedHome(request);
  const title = `缓存后新收录的文章 ${Date.now().toString(36)}`;
  const server = createServer((_, res) => {
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>缓存测试源</title><link>http://127.0.0.1/</link>
<item><title>${title}</title><link>https://juejin.cn/post/${Date.now()}</link><pubDate>${new Date().toUTCString()}</pubDate>
<description>刚刚发布的一篇文章，用来确认首页缓存在文章变化时立即更新。</description></item></channel></rss>`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`;
    expect(await feedsCommand(baseURL!, ["add", feedUrl, "--allow-private"])).toContain("已添加订阅源");
    expect(await pollFeed(baseURL!, feedUrl)).toBe(1);
    const feed = (await (await request.get("/api/v1/articles?page=1")).json()).data.items as { title: string }[];
    expect(feed.map((a) => a.title)).toContain(title);
    const home = await request.get("/");
    expect(await home.text()).toContain(escapeHtml(title));
    // Cleared away as the console's 删除 does, without a third process: this loopback feed is gone after the test.
    await onServerDb(baseURL!, "delete from feed_sources where url = $1", [feedUrl]);
  } finally {
    server.close();
  }
});
