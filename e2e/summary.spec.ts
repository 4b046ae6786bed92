import { expect, test } from "./support/fixtures";
import { BAD_LINK, NO_LINK } from "../lib/summary/link";
import { RegisterPage, toast, uniqueName } from "./pages/auth-pages";
import { SmartSummaryPage, SummaryProgressPage } from "./pages/summary-pages";

test("a reader summarises an article as knowledge points, adds it to the list, summarises it quickly, and finds both in the history", async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  // Each project summarises its own article: a finished summary is reused, with its article, across users.
  const feed = await (await request.get(`${baseURL}/api/v1/articles?page=1`)).json();
  const article = feed.data.items[testInfo.project.name === "phone" ? 1 : 0];
  const link = `${baseURL}/articles/${article.id}`;

  await new RegisterPage(page).goto();
  await new RegisterPage(page).register({ account: uniqueName("sum"), password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);

  const form = new SmartSummaryPage(page);
  await form.goto();
  await form.input.fill(`看看这篇：${link}（推荐）`);
  await expect(form.foundLink).toHaveText(link);
  await form.choose("知识点");
  await expect(form.start).toBeEnabled();
  await form.start.click();

  await expect(page).toHaveURL(/\/summary-progress\?url=.+&method=knowledge$/);
  const progress = new SummaryProgressPage(page);
  await expect(progress.methodBadge).toHaveText("知识点");
  await expect(page.getByText(new URL(link).host, { exact: true })).toBeVisible();
  await progress.waitForResult();
  await expect(progress.step("process")).toHaveAttribute("data-state", "completed");
  await expect(progress.title).not.toBeEmpty();
  await expect(progress.result).toContainText("关键词");
  await expect(progress.result).toContainText(/用时 \d{2}:\d{2}/);
  await expect(progress.demoNote).toHaveCount(0);

  await progress.addToList.click();
  await expect(progress.added).toBeVisible();
  await expect(toast(page, "已成功加入文章列表")).toBeVisible();

  await form.goto();
  await form.input.fill(link);
  await form.choose("快速总结");
  await form.start.click();
  await expect(page).toHaveURL(/method=quick$/);
  await expect(progress.methodBadge).toHaveText("快速总结");
  await progress.waitForResult();
  await expect(progress.addToList).toBeVisible();

  // Both runs are in the history, reached from the account menu, newest first.
  await page.getByRole("button", { name: /的账户菜单$/ }).click();
  await page.getByRole("menuitem", { name: "总结历史" }).click();
  await expect(page).toHaveURL(/\/summary-history$/);
  const items = page.getByTestId("summary-history-item");
  await expect(items).toHaveCount(2);
  await expect(items.getByTestId("summary-history-method")).toHaveText(["快速总结", "知识点"]);
  await expect(items.getByTestId("summary-history-status")).toHaveText(["已完成", "已完成"]);
  await expect(items.nth(1).getByTestId("summary-history-title")).toHaveText(article.title);
  await items.nth(1).getByRole("link", { name: "查看详情" }).click();
  await expect(page).toHaveURL(/\/summary-progress\?task_id=.+&from_history=true$/);
  await expect(progress.methodBadge).toHaveText("知识点");
  await expect(progress.added).toBeVisible();
});

test("signed out, the start button stays disabled and a login hint shows", async ({ page }) => {
  const form = new SmartSummaryPage(page);
  await form.goto();
  await expect(form.loginHint).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "去登录" })).toBeVisible();
  await form.input.fill("https://example.com/post");
  await expect(form.foundLink).toHaveText("https://example.com/post");
  await expect(form.start).toBeDisabled();
});

test("text without a valid link shows the spec's message and keeps start disabled", async ({ page }) => {
  await new RegisterPage(page).goto();
  await new RegisterPage(page).register({ account: uniqueName("sumv"), password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);
  const form = new SmartSummaryPage(page);
  await form.goto();
  await expect(form.loginHint).toHaveCount(0);
  await form.input.fill("这段文字里没有链接");
  await expect(page.getByRole("alert").filter({ hasText: NO_LINK })).toBeVisible();
  await expect(form.start).toBeDisabled();
  await form.input.fill("看这个 http://[bad 链接");
  await expect(page.getByRole("alert").filter({ hasText: BAD_LINK })).toBeVisible();
  await expect(form.start).toBeDisabled();
  await form.input.fill("看这个 https://example.com/a 吧");
  await expect(form.start).toBeEnabled();
});

test("signed out, the progress page plays the labelled demo run", async ({ page }) => {
  await page.goto(`/summary-progress?${new URLSearchParams({ url: "https://example.com/post", method: "storyboard" })}`);
  const progress = new SummaryProgressPage(page);
  await expect(progress.demoBadge).toBeVisible();
  await expect(progress.demoNote).toBeVisible();
  await expect(page.getByText(/创建任务失败：/)).toBeVisible();
  await expect(progress.methodBadge).toHaveText("分镜脚本");
  await expect(progress.step("fetch")).toHaveAttribute("data-state", "active");
  await expect(progress.step("transcribe")).toHaveAttribute("data-state", "active", { timeout: 4000 });
  await progress.waitForResult(12_000);
  await expect(progress.result).toContainText("演示总结");
  await expect(progress.result.getByRole("button", { name: "加入文章列表" })).toBeDisabled();
});
