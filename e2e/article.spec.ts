import { expect, test } from "./support/fixtures";
import { HomePage } from "./pages/home-page";
import { crawlSitemaps } from "./pages/sitemaps";

test("a reader opens an article's permalink from the feed", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  const title = await home.articles.first().getByTestId("article-title").innerText();
  await home.articles.first().getByTestId("article-title").getByRole("link").click();
  await expect(page).toHaveURL(/\/articles\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} · 拾阅`);
  // What crawlers read, the server's HTML of the permalink: one canonical link, this article's.
  const path = new URL(page.url()).pathname;
  const html = await (await page.request.get(path)).text();
  const canonicals = [...html.matchAll(/<link[^>]*rel="canonical"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])?.[1]);
  expect(canonicals).toEqual([expect.stringMatching(new RegExp(`${path}$`))]);
  // In the browser the article's canonical is in the head. After a client navigation Next.js sometimes keeps the
  // previous page's canonical beside it (seen once before issue 43, 1 run in 4 after it: the page now renders its
  // thread too); crawlers never navigate on the client, so only the article's own is asserted here.
  await expect(page.locator(`link[rel="canonical"][href$="${path}"]`)).toHaveCount(1);
  // The Article and its BreadcrumbList (首页 › platform › article), each in its own block.
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  expect(blocks.find((b) => b["@type"] === "Article")).toMatchObject({ headline: title });
  expect(blocks.find((b) => b["@type"] === "BreadcrumbList").itemListElement.at(-1)).toMatchObject({ name: title });
  await expect(page.getByRole("link", { name: "查看原文" })).toHaveAttribute("rel", /noopener/);
});

test("markdown renders tables and highlighted code on a permalink", async ({ page, request }) => {
  const res = await request.get(`/api/v1/articles/search?keyword=${encodeURIComponent("TypeScript satisfies")}`);
  const { items } = (await res.json()).data;
  expect(items.length).toBeGreaterThan(0);
  await page.goto(`/articles/${items[0].id}`);
  await expect(page.locator(".markdown pre code.hljs").first()).toBeVisible();
  await expect(page.locator(".markdown pre code .hljs-keyword").first()).toBeVisible();
});

test("an unknown article is a Chinese 404", async ({ page }) => {
  const res = await page.goto("/articles/99999999");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("页面不存在或正在建设中")).toBeVisible();
});

test("the about page introduces the three features and leads home", async ({ page }) => {
  await page.goto("/about");
  for (const name of ["智能搜索", "精选内容", "AI 内容总结"]) await expect(page.getByRole("heading", { name })).toBeVisible();
  await page.getByRole("link", { name: "开始阅读" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("robots.txt names the sitemap index, whose files list the public pages", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /api/");
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  const { files, urls } = await crawlSitemaps(request);
  expect(files.map((f) => new URL(f).pathname)).toEqual(expect.arrayContaining(["/sitemaps/pages.xml", "/sitemaps/0.xml"]));
  expect(urls.some((u) => u.endsWith("/about"))).toBe(true);
  expect(urls.filter((u) => /\/articles\/\d+$/.test(u)).length).toBeGreaterThanOrEqual(60);
});
