// 今日精选 (issue 44, acceptance 1): a reader with interests opens /digest, reads sections whose points cite
// articles of their interests, follows one (已读 when they come back); a visitor reads the site's /daily/{today},
// kept and revalidated like a permalink; the private feed made on /profile is read by the site's own feed
// parser; axe's rules pass on both pages. On the phone too: the digest is what readers open on the way to work.
import { expect, test } from "./support/fixtures";
import { chinaDay } from "../lib/china-time";
import { parseFeed } from "../lib/ingest/feed-parse";
import { uniqueName } from "./pages/auth-pages";
import { axeViolations } from "./pages/axe";
import { phoneReader, signIn } from "./pages/comment-pages";
import { Theme, watchTheme } from "./pages/theme";
import { picture } from "./support/pictures";

/** A demo article about AI (two more of the demo's titles name it). */
const LIKED = "孩子用 AI 写的作文拿了 A，我该高兴吗？";

test("a reader's digest follows their interests, cites its articles and marks what they opened", { tag: "@phone" }, async ({ page, baseURL }, testInfo) => {
  const reader = await phoneReader(page.request, uniqueName("精选"));
  const headers = { authorization: `Bearer ${reader.token}` };
  const search = await (await page.request.get(`/api/v1/articles/search?keyword=${encodeURIComponent("作文")}`)).json();
  const liked = (search.data.items as { id: number; title: string }[]).find((a) => a.title === LIKED)!;
  expect((await page.request.post(`/api/v1/likes/${liked.id}`, { headers })).status()).toBe(200);
  await signIn(page, baseURL!, reader);

  await page.goto("/");
  await page.getByTestId("header-digest").click();
  await expect(page).toHaveURL(/\/digest$/);
  await expect(page.getByRole("heading", { level: 1, name: "我的今日精选" })).toBeVisible();
  await expect(page.getByTestId("digest-written-by")).toContainText("本地引擎");
  const first = page.getByRole("region", { name: "AI" });
  await expect(first).toBeVisible();
  const citations = first.getByTestId("digest-citation");
  expect(await citations.count()).toBeGreaterThanOrEqual(2);
  for (const title of await citations.allInnerTexts()) expect(title).toMatch(/AI/i);
  expect(await page.getByTestId("digest-citation").allInnerTexts()).not.toContain(LIKED); // what they like is not offered again
  expect(await axeViolations(page)).toEqual([]);
  await picture(page, `test-results/digest-shots/digest-${testInfo.project.name}.png`, { fullPage: true });

  const followed = await citations.first().innerText();
  await citations.first().click();
  await expect(page).toHaveURL(/\/articles\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: followed })).toBeVisible();
  await page.goto("/digest");
  await expect(page.getByRole("region", { name: "AI" }).getByTestId("digest-citation").filter({ hasText: followed }).locator("xpath=..")).toContainText("已读");
  // The header keeps the search box its room on a phone with 今日精选 and 消息 in it.
  expect(await page.getByRole("banner").getByRole("searchbox").evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(100);
});

test("a visitor reads the site's digest of today, kept and revalidated; it links every point to its article", async ({ page, request }) => {
  await watchTheme(page);
  const path = `/daily/${chinaDay(new Date())}`;
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: /^全站精选 · \d+月\d+日$/ })).toBeVisible();
  const citations = page.getByTestId("digest-citation");
  expect(await citations.count()).toBeGreaterThanOrEqual(3);
  for (const href of await citations.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) expect(href).toMatch(/^\/articles\/\d+$/);
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await new Theme(page).expectShown("dark");
  expect(await axeViolations(page), "dark scheme").toEqual([]);

  // Kept like a permalink: the second visitor gets the kept bytes, a browser revalidating gets a 304.
  const kept = await request.get(path);
  expect(kept.headers()["x-page-cache"]).toBe("hit");
  const etag = kept.headers().etag;
  expect(etag).toBeTruthy();
  expect((await request.get(path, { headers: { "if-none-match": etag } })).status()).toBe(304);
  // Search engines find it: in the sitemap of pages, canonical to itself.
  expect(await (await request.get("/sitemaps/pages.xml")).text()).toContain(path);
});

test("the private feed made on /profile is read by a feed parser, and a new address retires the old one", async ({ page, baseURL }) => {
  const reader = await phoneReader(page.request, uniqueName("订阅"));
  expect((await page.request.get("/api/v1/digest", { headers: { authorization: `Bearer ${reader.token}` } })).status()).toBe(200);
  await signIn(page, baseURL!, reader);
  await page.goto("/profile#digest");
  const card = page.getByTestId("digest-card");
  await card.getByTestId("digest-feed-new").click();
  const rssBox = card.getByRole("textbox", { name: "RSS 订阅地址" });
  await expect(rssBox).toHaveValue(/\/feeds\/digest\/\d+-[\w-]+\.xml$/);
  const rss = await rssBox.inputValue();
  const body = await (await page.request.get(rss)).text();
  const feed = parseFeed(body, rss);
  expect(feed.items).toHaveLength(1);
  expect(feed.items[0].title).toMatch(/^今日精选 · \d+月\d+日$/);
  expect(feed.items[0].html).toMatch(/<a href="http[^"]+\/articles\/\d+">/);

  page.once("dialog", (d) => void d.accept());
  await card.getByTestId("digest-feed-new").click();
  await expect(rssBox).not.toHaveValue(rss);
  expect((await page.request.get(rss)).status()).toBe(404);
});
