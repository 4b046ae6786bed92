import { expect, test } from "./support/fixtures";
import { parseFeed } from "../lib/ingest/feed-parse";
import { HomePage } from "./pages/home-page";

test("a visitor sees the seeded feed on the home page", { tag: "@phone" }, async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await expect(page).toHaveTitle(/拾阅/);
  await expect(home.articles).toHaveCount(20);
  const first = home.articles.first();
  await expect(first.getByTestId("article-title")).not.toBeEmpty();
  // Source link with platform icon and author, opening in a new tab; the date in Chinese.
  const source = first.getByTestId("article-source");
  await expect(source).toHaveAttribute("target", "_blank");
  await expect(source.locator("img")).toHaveAttribute("src", /\/assets\/platform_ico\/\w+\.ico$/);
  await expect(first.locator("time")).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "拾阅", exact: true })).toHaveAttribute("href", "/about");
  await expect(page.getByRole("link", { name: "登录" })).toHaveAttribute("href", "/login/sms");
});

test("the header's search box shows its whole placeholder, on a 375 px phone too", { tag: "@phone" }, async ({ page }, testInfo) => {
  // The phone project is 390 px wide; 375 px (iPhone mini and SE) is the narrowest common phone it must fit.
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 375, height: 667 });
  const home = new HomePage(page);
  await home.goto();
  await expect(home.search).toHaveAttribute("placeholder", "AI 搜索优质内容");
  // The placeholder's width in the box's own font, against the room between the box's paddings.
  const { text, room } = await home.search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.font = style.font;
    return { text: ctx.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
  });
  expect(text).toBeLessThanOrEqual(room);
});

test("a visitor searches from the header and clears the search", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  await home.searchFor("大模型");
  await expect(page).toHaveURL(/\?q=/);
  await expect(page.getByText(/“大模型”共找到 \d+ 篇文章/)).toBeVisible();
  await expect(home.articles.first().getByTestId("article-title")).toContainText("大模型");
  // No embedding model in the test server: the results say they are keyword matches, nothing more.
  await expect(page.getByText("按关键词匹配排序")).toBeVisible();
  await home.searchFor("洱海");
  await expect(page.getByText(/“洱海”共找到 \d+ 篇文章/)).toBeVisible();
  await expect(home.articles.first().getByTestId("article-title")).toHaveText("在洱海边骑了一下午电动车");
  await home.search.fill("");
  await expect(page).toHaveURL(/\/$/);
  await expect(home.articles).toHaveCount(20);
});

test("a search link holding only NUL characters shows the whole feed, not an error", async ({ page }) => {
  const home = new HomePage(page);
  const res = await page.goto("/?q=%00");
  expect(res?.status()).toBe(200);
  await expect(home.articles).toHaveCount(20);
  expect((await page.request.get("/?q=%00%00%20")).status()).toBe(200);
});

test("the home page advertises the site's own RSS and JSON feeds, which a feed reader can read", async ({ page, request, baseURL }) => {
  await new HomePage(page).goto();
  const feeds = [
    { type: "application/rss+xml", kind: "rss" },
    { type: "application/feed+json", kind: "json" },
  ];
  for (const { type, kind } of feeds) {
    const href = await page.locator(`link[rel="alternate"][type="${type}"]`).getAttribute("href");
    expect(href, `${type} link on /`).toBeTruthy();
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain(type);
    // Read by the collector's own parser, as Folo or Miniflux would read it.
    const feed = parseFeed(await res.text(), new URL(href!, baseURL).toString(), { maxItems: 100 });
    expect(feed.kind).toBe(kind);
    expect(feed.items).toHaveLength(50);
    for (const item of feed.items) {
      expect(item.title).not.toBe("");
      expect(item.url).toMatch(/\/articles\/\d+$/);
      expect(item.html).toContain("原文");
    }
  }
});
