import { expect, test, type Page } from "./support/fixtures";
import { MSG } from "../lib/messages";
import { RegisterPage, toast, uniqueName } from "./pages/auth-pages";
import { HistoryPage } from "./pages/history-page";
import { HomePage } from "./pages/home-page";

type Read = { title: string; source: string };

async function signUp(page: Page) {
  const register = new RegisterPage(page);
  await register.goto();
  await register.register({ account: uniqueName("history"), password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);
}

/** Expands the first `count` articles with a body on the home page; each first expansion records a read. */
async function readOnHome(page: Page, count: number): Promise<Read[]> {
  const home = new HomePage(page);
  await expect(home.articles.first()).toBeVisible();
  const read: Read[] = [];
  for (let i = 0; read.length < count; i++) {
    const card = home.articles.nth(i);
    const expand = card.getByRole("button", { name: "展开全文" });
    if (!(await expand.count())) continue;
    const recorded = page.waitForResponse((r) => r.url().endsWith("/api/v1/user-read-history/record") && r.request().method() === "POST");
    await expand.click();
    expect((await recorded).ok()).toBe(true);
    read.push({
      title: await card.getByTestId("article-title").innerText(),
      source: (await card.getByTestId("article-source").getAttribute("href")) ?? "",
    });
  }
  return read;
}

/** Answers the next confirm dialog and resolves to its message. */
function onConfirm(page: Page, answer: "accept" | "dismiss"): Promise<string> {
  return new Promise((resolve) =>
    page.once("dialog", (d) => {
      resolve(d.message());
      void (answer === "accept" ? d.accept() : d.dismiss());
    }),
  );
}

test("a reader finds today's reads newest first, opens one, favourites it, removes one and clears the rest", async ({ page }) => {
  await signUp(page);
  const [first, second] = await readOnHome(page, 2);
  const history = new HistoryPage(page);
  await history.goto();

  await expect(history.filter("全部")).toHaveAttribute("aria-pressed", "true");
  const today = history.day("今天");
  await expect(today.getByTestId("history-item")).toHaveCount(2);
  expect(await history.titles(today)).toEqual([second.title, first.title]);
  await expect(history.total).toHaveText("2");

  // Expanding shows the full article, its four counters and the way to the original.
  const item = history.item(second.title);
  await expect(history.detail(item)).toHaveCount(0);
  await history.expand(item).click();
  await expect(history.detail(item).locator(".markdown")).not.toBeEmpty();
  await expect(history.detail(item)).not.toContainText("暂无内容");
  for (const label of ["点赞", "评论", "浏览", "收藏"] as const) await expect(item.getByTestId(`count-${label}`)).toBeVisible();
  expect(await history.count(item, "浏览")).toBeGreaterThanOrEqual(1);
  const original = item.getByRole("link", { name: "查看原文" });
  await expect(original).toHaveAttribute("href", second.source);
  await expect(original).toHaveAttribute("target", "_blank");
  await expect(original).toHaveAttribute("rel", "noopener noreferrer");
  await history.collapse(item).click();
  await expect(history.detail(item)).toHaveCount(0);
  await item.getByTestId("history-title").click();
  await expect(history.detail(item)).toBeVisible();

  // The favourite toggle fills its icon once the server agreed, and the count follows.
  const favorites = await history.count(item, "收藏");
  const favorite = history.favorite(item);
  await expect(favorite).toHaveAttribute("aria-pressed", "false");
  await favorite.click();
  await expect(favorite).toHaveAttribute("aria-pressed", "true");
  await expect(favorite.getByTestId("favorite-icon")).toHaveAttribute("data-filled", "true");
  await expect(history.counter(item, "收藏")).toHaveAttribute("data-value", String(favorites + 1));
  await page.reload();
  await expect(history.favorite(history.item(second.title))).toHaveAttribute("aria-pressed", "true");

  // Removing one, after confirming, leaves the other.
  const removeAsked = onConfirm(page, "accept");
  await history.remove(history.item(first.title)).click();
  expect(await removeAsked).toBe(MSG.removeHistoryConfirm);
  await expect(history.items).toHaveCount(1);
  await expect(history.total).toHaveText("1");
  expect(await history.titles()).toEqual([second.title]);

  // Clearing all, after confirming, empties the list for good.
  const clearAsked = onConfirm(page, "accept");
  await history.clearAll.click();
  expect(await clearAsked).toBe(MSG.clearHistoryConfirm);
  await expect(history.empty).toBeVisible();
  await expect(history.items).toHaveCount(0);
  await page.reload();
  await expect(history.empty).toBeVisible();
  await history.discover.click();
  await expect(page).toHaveURL(/\/$/);
});

test("dismissing a confirmation keeps the history", async ({ page }) => {
  await signUp(page);
  await readOnHome(page, 2);
  const history = new HistoryPage(page);
  await history.goto();
  await expect(history.items).toHaveCount(2);

  const removeAsked = onConfirm(page, "dismiss");
  await history.remove(history.items.first()).click();
  expect(await removeAsked).toBe(MSG.removeHistoryConfirm);
  const clearAsked = onConfirm(page, "dismiss");
  await history.clearAll.click();
  expect(await clearAsked).toBe(MSG.clearHistoryConfirm);

  await expect(history.items).toHaveCount(2);
  await page.reload();
  await expect(history.items).toHaveCount(2);
  await expect(history.total).toHaveText("2");
});

test("the 今天 filter shows today's reads, and so do the wider ranges", async ({ page }) => {
  await signUp(page);
  const reads = await readOnHome(page, 2);
  const history = new HistoryPage(page);
  await history.goto();

  for (const range of ["今天", "近一周", "近一月", "全部"] as const) {
    await history.pickFilter(range);
    await expect(history.day("今天").getByTestId("history-item")).toHaveCount(2);
    expect(await history.titles()).toEqual([reads[1].title, reads[0].title]);
    await expect(history.total).toHaveText("2");
  }
});

test("more than a page of history loads 20 at a time", async ({ page }) => {
  await signUp(page);
  const token = (await page.context().cookies()).find((c) => c.name === "shiyue_token")?.value;
  expect(token).toBeTruthy();
  const feed = await page.request.get("/api/v1/articles?page=1&limit=22");
  const feedItems = ((await feed.json()) as { data: { items: { id: number; title: string }[] } }).data.items;
  const ids = feedItems.map((a) => a.id);
  expect(ids).toHaveLength(22);
  for (const id of ids) {
    const res = await page.request.post("/api/v1/user-read-history/record", { data: { article_id: id }, headers: { Authorization: `Bearer ${token}` } });
    expect(res.ok()).toBe(true);
  }

  const history = new HistoryPage(page);
  await history.goto();
  await expect(history.items).toHaveCount(20);
  await expect(history.total).toHaveText("22");
  await history.loadMore.click();
  await expect(history.items).toHaveCount(22);
  await expect(history.loadMore).toHaveCount(0);
  await expect(page.getByText("没有更多了")).toBeVisible();
  // Every read article shows once (titles may repeat across articles: a summary added to the feed keeps its source's title).
  const shown = await history.titles();
  expect(shown).toHaveLength(22);
  expect(shown.sort()).toEqual(feedItems.map((a) => a.title).sort());
});

test("failed actions keep the history as it was and say so", async ({ page }) => {
  await signUp(page);
  const [read] = await readOnHome(page, 1);
  const history = new HistoryPage(page);
  await history.goto();
  const item = history.item(read.title);
  await expect(item).toBeVisible();

  const broken = { status: 500, json: { detail: "服务器开小差了，请稍后再试" } };
  await page.route("**/api/v1/favorites**", (route) => route.fulfill(broken));
  await page.route("**/api/v1/user-read-history/*", (route) => (route.request().method() === "DELETE" ? route.fulfill(broken) : route.fallback()));

  await history.favorite(item).click();
  await expect(toast(page, MSG.favoriteToggleFailed)).toBeVisible();
  await expect(history.favorite(item)).toHaveAttribute("aria-pressed", "false");

  page.once("dialog", (d) => void d.accept());
  await history.remove(item).click();
  await expect(toast(page, MSG.removeHistoryFailed)).toBeVisible();

  page.once("dialog", (d) => void d.accept());
  await history.clearAll.click();
  await expect(toast(page, MSG.clearHistoryFailed)).toBeVisible();

  await expect(history.items).toHaveCount(1);
  await expect(history.total).toHaveText("1");
});

test("a signed-out visitor of /history is sent to code login", async ({ page }) => {
  await page.goto("/history");
  await expect(page).toHaveURL(/\/login\/sms\?redirect=%2Fhistory$/);
});
