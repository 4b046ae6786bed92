import { expect, test } from "./support/fixtures";
import { splitPreview } from "../lib/articles/preview";
import { MSG } from "../lib/messages";
import { HomePage } from "./pages/home-page";
import { RegisterPage, uniqueName } from "./pages/auth-pages";

test("an article body expands by its control or a click on the text, and collapses again", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  const card = home.articles.first();
  const body = card.getByTestId("article-body");
  await expect(body).toHaveAttribute("data-expanded", "false");
  await card.getByRole("button", { name: "展开全文" }).click();
  await expect(body).toHaveAttribute("data-expanded", "true");
  await card.getByRole("button", { name: "收起" }).click();
  await expect(body).toHaveAttribute("data-expanded", "false");
  await body.click();
  await expect(body).toHaveAttribute("data-expanded", "true");
});

type FeedItem = { id: number; title: string; content: string };

/** A plain sentence near the end of a body (no markdown marks), to find the tail of the text. */
const tailSentence = (markdown: string) =>
  markdown
    .split("\n")
    .map((l) => l.trim())
    // Nothing HTML escapes either (quotes, ampersands), so the text reads the same in the page's source.
    .filter((l) => l.length >= 12 && !/[|`*#>_[\]()~<\-"'&]/.test(l))
    .at(-1);

test("a collapsed card carries only its first blocks; expanding fetches and shows the whole body: code, tables, links", async ({ page, request }) => {
  // The demo feed holds bodies with fenced code and tables past their preview. Other journeys add articles on top
  // of it (summaries, the console's feeds), so the card is found by its title's search, wherever it is in the feed.
  const feed = (await (await request.get("/api/v1/articles?page=1&limit=50")).json()).data.items as FeedItem[];
  const rest = (a: FeedItem) => splitPreview(a.content)?.rest ?? "";
  const longer = feed.filter((a) => tailSentence(rest(a)));
  const rich = longer.find((a) => /```/.test(rest(a)) && /^\|/m.test(a.content)) ?? longer.find((a) => /```|^\|/m.test(rest(a)));
  expect(rich, "an article with code or a table past its preview").toBeTruthy();
  const tail = tailSentence(rest(rich!))!;
  const url = `/?q=${encodeURIComponent(rich!.title)}`;

  // Neither the HTML nor the page's data carries the rest of the body.
  const html = await (await request.get(url)).text();
  expect(html).toContain(`href="/articles/${rich!.id}"`);
  expect(html).not.toContain(tail);

  await page.goto(url);
  const card = new HomePage(page).articles.filter({ has: page.getByRole("link", { name: rich!.title, exact: true }) });
  const body = card.getByTestId("article-body");
  await expect(body).not.toContainText(tail);
  await card.getByRole("button", { name: "展开全文" }).click();
  await expect(body).toContainText(tail);
  if (/```/.test(rest(rich!))) await expect(body.locator("pre code").last()).toBeVisible();
  if (/^\|/m.test(rich!.content)) await expect(body.locator("table").first()).toBeVisible();
  if (/\]\(https?:/.test(rich!.content)) await expect(body.locator('a[target="_blank"][rel~="noopener"]').first()).toBeAttached();
  // Collapsing and expanding again shows the body without asking the server again.
  await card.getByRole("button", { name: "收起" }).click();
  let asked = 0;
  page.on("request", (r) => r.method() === "POST" && r.headers()["next-action"] && asked++);
  await card.getByRole("button", { name: "展开全文" }).click();
  await expect(body).toContainText(tail);
  expect(asked).toBe(0);
});

test("a visitor going past page 1 is asked to log in", async ({ page }) => {
  const home = new HomePage(page);
  await home.goto();
  const pager = page.getByRole("navigation", { name: "分页" });
  await expect(pager.getByRole("button", { name: "第 1 页" })).toHaveAttribute("aria-current", "page");
  page.once("dialog", (d) => {
    expect(d.message()).toBe(MSG.moreNeedsLoginConfirm);
    void d.dismiss();
  });
  await pager.getByRole("button", { name: "第 2 页" }).click();
  await expect(page).toHaveURL(/\/$/);
  page.once("dialog", (d) => void d.accept());
  await pager.getByRole("button", { name: "下一页" }).click();
  await expect(page).toHaveURL(/\/login\/sms\?redirect=%2F%3Fpage%3D2$/);
});

test("a signed-in reader pages through the feed", async ({ page }) => {
  await new RegisterPage(page).goto();
  await new RegisterPage(page).register({ account: uniqueName("pager"), password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);
  const home = new HomePage(page);
  const firstTitle = await home.articles.first().getByTestId("article-title").innerText();
  const pager = page.getByRole("navigation", { name: "分页" });
  // The home page is refreshed for the new session right after registering: a click that lands while the pager
  // is re-rendered is lost, so click again until the page moves (page 2 twice is still page 2).
  await expect(async () => {
    await pager.getByRole("button", { name: "第 2 页" }).click();
    await expect(page).toHaveURL(/\/\?page=2$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(pager.getByRole("button", { name: "第 2 页" })).toHaveAttribute("aria-current", "page");
  await expect(home.articles.first().getByTestId("article-title")).not.toHaveText(firstTitle);
  await pager.getByRole("button", { name: "上一页" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a search with no result shows the assistant area", async ({ page }) => {
  await page.goto(`/?q=${encodeURIComponent("量子纠缠烤红薯")}`);
  await expect(page.getByRole("region", { name: "AI 助手" })).toContainText("没有找到");
  await page.getByRole("link", { name: "查看全部文章" }).click();
  await expect(new HomePage(page).articles).toHaveCount(20);
});

test("pulling down at the top refreshes the list", { tag: "@phone" }, async ({ page }, testInfo) => {
  const home = new HomePage(page);
  await home.goto();
  const indicator = page.getByTestId("pull-indicator");
  const box = (await home.articles.first().boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + 10;
  if (testInfo.project.name === "phone") {
    // Touch: dispatch the same events a finger makes.
    const touch = async (type: string, clientY: number) =>
      page.evaluate(
        ({ type, x, clientY }) => {
          const target = document.elementFromPoint(x, 200) ?? document.body;
          const t = new Touch({ identifier: 1, target, clientX: x, clientY });
          target.dispatchEvent(new TouchEvent(type, { bubbles: true, touches: type === "touchend" ? [] : [t], changedTouches: [t] }));
        },
        { type, x, clientY },
      );
    await touch("touchstart", y);
    await touch("touchmove", y + 60);
    await expect(indicator).toHaveText("下拉刷新");
    await touch("touchmove", y + 160);
    await expect(indicator).toHaveText("释放刷新");
    await touch("touchend", y + 160);
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + 60, { steps: 3 });
    await expect(indicator).toHaveText("下拉刷新");
    await page.mouse.move(x, y + 160, { steps: 3 });
    await expect(indicator).toHaveText("释放刷新");
    await page.mouse.up();
  }
  await expect(indicator).toHaveText("正在刷新…");
  await expect(indicator).toBeEmpty({ timeout: 5000 });
  await expect(home.articles).toHaveCount(20);
});

test("a signed-in reader whose session ended keeps the page and is told to log in", async ({ page, context }) => {
  await new RegisterPage(page).goto();
  await new RegisterPage(page).register({ account: uniqueName("expired"), password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);
  const home = new HomePage(page);
  const firstTitle = await home.articles.first().getByTestId("article-title").innerText();
  const url = new URL(page.url());
  await context.addCookies([{ name: "shiyue_token", value: "expired.token.value", domain: url.hostname, path: "/" }]);
  const messages: string[] = [];
  page.once("dialog", (d) => {
    messages.push(d.message());
    void d.accept();
  });
  await page.getByRole("navigation", { name: "分页" }).getByRole("button", { name: "第 2 页" }).click();
  await expect.poll(() => messages).toEqual([MSG.moreNeedsLogin]);
  await expect(page).toHaveURL(/\/$/);
  await expect(home.articles).toHaveCount(20);
  await expect(home.articles.first().getByTestId("article-title")).toHaveText(firstTitle);
});
