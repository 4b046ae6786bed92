import { expect, test } from "./support/fixtures";
import { MSG } from "../lib/messages";
import { toast } from "./pages/auth-pages";
import { RecordsApi, RecordsPage, signUp, stubExternalSites } from "./pages/records-pages";

test("liked articles are listed newest first, and the oldest-first sort reverses them", async ({ page }) => {
  const api = new RecordsApi(page, await signUp(page, "liker"));
  const articles = await api.articles(3);
  await api.like(articles);
  const titles = articles.map((a) => a.title);

  const likes = new RecordsPage(page, "/likes");
  await likes.goto();
  await expect(page).toHaveTitle(/点赞列表/);
  await expect(likes.titles).toHaveText(titles.toReversed());
  await expect(likes.total).toHaveText("共 3 篇");
  await expect(likes.sortButton("最近点赞")).toHaveAttribute("aria-pressed", "true");

  const card = likes.item(articles[0].title);
  await expect(card).toContainText(articles[0].summary || MSG.noSummary);
  await expect(card).toContainText(articles[0].author_name || "匿名用户");
  await expect(card.getByTestId("record-stamp")).toHaveText(/^点赞于\s*刚刚$/);
  await expect(card.getByRole("link", { name: articles[0].title })).toHaveAttribute("target", "_blank");

  await likes.sortBy("最早点赞");
  await expect(likes.titles).toHaveText(titles);
  await expect(likes.loadMore).toHaveCount(0);
  await expect(page.getByText("已经到底了")).toBeVisible();
});

test("clicking a liked card opens the original article in a new tab", async ({ page }) => {
  const api = new RecordsApi(page, await signUp(page, "opener"));
  const [article] = await api.articles(1);
  await api.like([article]);
  await stubExternalSites(page);

  const likes = new RecordsPage(page, "/likes");
  await likes.goto();
  const opened = page.context().waitForEvent("page");
  await likes.item(article.title).getByTestId("record-stamp").click();
  const tab = await opened;
  await expect.poll(() => tab.url()).toBe(article.source_url);
  await tab.close();
  await expect(page).toHaveURL(/\/likes$/);
});

test("unliking removes the card and lowers the total once the server confirmed", async ({ page }) => {
  const api = new RecordsApi(page, await signUp(page, "unliker"));
  const articles = await api.articles(3);
  await api.like(articles);
  const likes = new RecordsPage(page, "/likes");
  await likes.goto();
  await expect(likes.items).toHaveCount(3);

  // A failed call keeps the card and says so.
  await page.route("**/api/v1/likes/*", (route) =>
    route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: { detail: "服务器开小差了，请稍后再试" } }) : route.fallback(),
  );
  await likes.item(articles[1].title).getByRole("button", { name: "取消点赞" }).click();
  await expect(toast(page, MSG.unlikeFailed)).toBeVisible();
  await expect(likes.items).toHaveCount(3);
  await expect(likes.total).toHaveText("共 3 篇");
  await page.unrouteAll();

  await likes.item(articles[1].title).getByRole("button", { name: "取消点赞" }).click();
  await expect(likes.item(articles[1].title)).toHaveCount(0);
  await expect(likes.total).toHaveText("共 2 篇");
  await page.reload();
  await expect(likes.titles).toHaveText([articles[2].title, articles[0].title]);
  await expect(likes.total).toHaveText("共 2 篇");
});

test("more than a page of likes loads with the load-more button", async ({ page }) => {
  const api = new RecordsApi(page, await signUp(page, "pager"));
  const articles = await api.articles(21);
  await api.like(articles);
  const likes = new RecordsPage(page, "/likes");
  await likes.goto();
  await expect(likes.items).toHaveCount(20);
  await expect(likes.total).toHaveText("共 21 篇");
  await likes.loadMore.click();
  await expect(likes.items).toHaveCount(21);
  await expect(likes.titles.last()).toHaveText(articles[0].title);
  await expect(likes.loadMore).toHaveCount(0);
});

test("with no likes the page offers to explore the feed", async ({ page }) => {
  await signUp(page, "newcomer");
  const likes = new RecordsPage(page, "/likes");
  await likes.goto();
  await expect(likes.empty).toContainText("还没有点赞过文章");
  await expect(likes.total).toHaveText("共 0 篇");
  await likes.empty.getByRole("link", { name: "去发现" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a signed-out visitor of /likes is sent to code login", async ({ page }) => {
  await page.goto("/likes");
  await expect(page).toHaveURL(/\/login\/sms\?redirect=%2Flikes$/);
});
