import { expect, test } from "./support/fixtures";
import { formatCount } from "../lib/format";
import { MSG } from "../lib/messages";
import { toast } from "./pages/auth-pages";
import { RecordsApi, RecordsPage, signUp } from "./pages/records-pages";

const pinyin = new Intl.Collator("zh-CN-u-co-pinyin", { numeric: true, sensitivity: "base" });

test("favourites are listed newest first with their counters, and sort by title in pinyin order", async ({ page }) => {
  const api = new RecordsApi(page, await signUp(page, "collector"));
  const articles = await api.articles(4);
  await api.favorite(articles);
  const titles = articles.map((a) => a.title);

  const favorites = new RecordsPage(page, "/favorites");
  await favorites.goto();
  await expect(page).toHaveTitle(/收藏列表/);
  await expect(favorites.titles).toHaveText(titles.toReversed());
  await expect(favorites.total).toHaveText("共 4 篇");
  const card = favorites.item(articles[0].title);
  await expect(card.getByTitle("点赞", { exact: true })).toHaveText(`点赞${formatCount(articles[0].like_cnt)}`);
  await expect(card.getByTitle("浏览", { exact: true })).toHaveText(`浏览${formatCount(articles[0].view_cnt)}`);
  await expect(card.getByTestId("record-stamp")).toHaveText(/^收藏于\s*刚刚$/);

  await favorites.sortBy("按标题");
  await expect(favorites.titles).toHaveText(titles.toSorted((a, b) => pinyin.compare(a, b)));
  await favorites.sortBy("最早收藏");
  await expect(favorites.titles).toHaveText(titles);
});

test("sharing without a share sheet copies the link", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  const api = new RecordsApi(page, await signUp(page, "sharer"));
  const [article] = await api.articles(1);
  await api.favorite([article]);

  const favorites = new RecordsPage(page, "/favorites");
  await favorites.goto();
  await favorites.item(article.title).getByRole("button", { name: "分享" }).click();
  await expect(toast(page, MSG.linkCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(article.source_url);
});

test("sharing uses the share sheet when there is one, and a cancelled sheet is no failure", async ({ page }) => {
  await page.addInitScript(() => {
    const calls: ShareData[] = [];
    Object.assign(window, { sharedData: calls });
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: async (data: ShareData) => {
        calls.push(data);
        if (calls.length > 1) throw new DOMException("Share canceled", "AbortError");
      },
    });
  });
  const api = new RecordsApi(page, await signUp(page, "sheet"));
  const [article] = await api.articles(1);
  await api.favorite([article]);

  const favorites = new RecordsPage(page, "/favorites");
  await favorites.goto();
  const share = favorites.item(article.title).getByRole("button", { name: "分享" });
  const shared = () => page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData);
  await share.click();
  await expect.poll(shared).toEqual([{ title: article.title, url: article.source_url }]);
  await expect(share).toBeEnabled();
  await share.click();
  await expect.poll(async () => (await shared()).length).toBe(2);
  await expect(share).toBeEnabled();
  await expect(toast(page, new RegExp(`${MSG.linkCopied}|${MSG.shareFailed}`))).toHaveCount(0);
});

test("unfavouriting removes the card and lowers the total once the server confirmed", async ({ page }) => {
  const api = new RecordsApi(page, await signUp(page, "pruner"));
  const articles = await api.articles(2);
  await api.favorite(articles);
  const favorites = new RecordsPage(page, "/favorites");
  await favorites.goto();
  await expect(favorites.items).toHaveCount(2);

  await page.route("**/api/v1/favorites/*", (route) =>
    route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: { detail: "服务器开小差了，请稍后再试" } }) : route.fallback(),
  );
  await favorites.item(articles[0].title).getByRole("button", { name: "取消收藏" }).click();
  await expect(toast(page, MSG.unfavoriteFailed)).toBeVisible();
  await expect(favorites.items).toHaveCount(2);
  await page.unrouteAll();

  await favorites.item(articles[0].title).getByRole("button", { name: "取消收藏" }).click();
  await expect(favorites.item(articles[0].title)).toHaveCount(0);
  await expect(favorites.total).toHaveText("共 1 篇");
  await favorites.item(articles[1].title).getByRole("button", { name: "取消收藏" }).click();
  await expect(favorites.empty).toContainText("还没有收藏文章");
  await expect(favorites.total).toHaveText("共 0 篇");
  await page.reload();
  await expect(favorites.empty).toBeVisible();
  await favorites.empty.getByRole("link", { name: "去发现" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a signed-out visitor of /favorites is sent to code login", async ({ page }) => {
  await page.goto("/favorites");
  await expect(page).toHaveURL(/\/login\/sms\?redirect=%2Ffavorites$/);
});
