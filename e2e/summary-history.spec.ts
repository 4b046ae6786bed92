import { expect, test, type Page } from "./support/fixtures";
import { RegisterPage, uniqueName } from "./pages/auth-pages";

/** Registers a fresh user through the UI and returns the session token from its cookie. */
async function signUp(page: Page): Promise<string> {
  const register = new RegisterPage(page);
  await register.goto();
  await register.register({ account: uniqueName("sumhist"), password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);
  const token = (await page.context().cookies()).find((c) => c.name === "shiyue_token")?.value;
  expect(token).toBeTruthy();
  return token!;
}

/** Two demo article ids from the feed: this server's own pages are the links to summarise. */
async function demoArticleIds(page: Page): Promise<number[]> {
  const res = await page.request.get("/api/v1/articles/?page=1&limit=2");
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { items: { id: number }[] } };
  return body.data.items.map((a) => a.id);
}

const items = (page: Page) => page.getByTestId("summary-history-item");

test("a user's summaries are listed with their method, finish, and lead to their progress page", async ({ page, baseURL }) => {
  const token = await signUp(page);
  const [first, second] = await demoArticleIds(page);
  const created: string[] = [];
  for (const [id, method] of [
    [first, "quick"],
    [second, "knowledge"],
  ] as const) {
    const res = await page.request.post("/api/summary/create-task", {
      headers: { authorization: `Bearer ${token}` },
      data: { url: `${baseURL}/articles/${id}`, method },
    });
    expect(res.ok()).toBe(true);
    created.push(((await res.json()) as { task_id: string }).task_id);
  }

  await page.goto("/summary-history");
  await expect(page).toHaveTitle(/总结历史/);
  await expect(page.getByRole("heading", { name: "总结历史" })).toBeVisible();
  await expect(items(page)).toHaveCount(2);
  // Newest first: the knowledge summary was created last.
  await expect(items(page).nth(0).getByTestId("summary-history-method")).toHaveText("知识点");
  await expect(items(page).nth(1).getByTestId("summary-history-method")).toHaveText("快速总结");
  await expect(page.getByTestId("summary-history-page")).toHaveText("第 1 页，共 1 页");
  await expect(page.getByRole("button", { name: "上一页" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "下一页" })).toBeDisabled();

  // The local engine finishes quickly; reload rather than wait for the 30-second refresh.
  await expect(async () => {
    await page.reload();
    await expect(items(page).getByTestId("summary-history-status")).toHaveText(["已完成", "已完成"], { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  for (const item of await items(page).all()) {
    await expect(item.getByText(/^创建于 \d{1,2}月\d{1,2}日 \d{2}:\d{2}$/)).toBeVisible();
    await expect(item.getByText(/^完成于 \d{1,2}月\d{1,2}日 \d{2}:\d{2}$/)).toBeVisible();
    await expect(item.getByTestId("summary-history-platform")).toHaveAttribute("data-category", "default");
    await expect(item.getByRole("button", { name: "分享" })).toBeVisible();
    await expect(item.getByTestId("summary-history-step")).toHaveCount(0);
  }

  await items(page).nth(0).getByRole("link", { name: "查看详情" }).click();
  await expect(page).toHaveURL(`/summary-progress?task_id=${created[1]}&from_history=true`);
});

test("a user without summaries sees the empty state and can start one", async ({ page }) => {
  await signUp(page);
  await page.goto("/summary-history");
  const empty = page.getByTestId("summary-history-empty");
  await expect(empty.getByText("还没有总结记录")).toBeVisible();
  await expect(items(page)).toHaveCount(0);
  await empty.getByRole("link", { name: "去智能总结" }).click();
  await expect(page).toHaveURL(/\/smart-summary$/);
});

test("a signed-out visitor is sent to code login with the way back", async ({ page }) => {
  await page.goto("/summary-history");
  await expect(page).toHaveURL("/login/sms?redirect=%2Fsummary-history");
});

// Issue 33: a reader deletes one summary (after a confirmation) and its link leaves the history for good.
test("a reader deletes a summary from the history after confirming; the other stays", async ({ page, baseURL }) => {
  const token = await signUp(page);
  const [first, second] = await demoArticleIds(page);
  for (const id of [first, second]) {
    const res = await page.request.post("/api/summary/create-task", { headers: { authorization: `Bearer ${token}` }, data: { url: `${baseURL}/articles/${id}`, method: "quick" } });
    expect(res.ok()).toBe(true);
  }
  await page.goto("/summary-history");
  await expect(items(page)).toHaveCount(2);
  await expect(page.getByTestId("summary-history-total")).toContainText("共 2 条记录");

  // Dismissing the confirmation keeps it.
  page.once("dialog", (d) => void d.dismiss());
  await items(page).nth(0).getByRole("button", { name: "删除" }).click();
  await expect(items(page)).toHaveCount(2);

  let asked = "";
  page.once("dialog", (d) => {
    asked = d.message();
    void d.accept();
  });
  await items(page).nth(0).getByRole("button", { name: "删除" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "已删除这条总结记录" })).toBeVisible();
  expect(asked).toContain("不可恢复");
  await expect(items(page)).toHaveCount(1);
  await expect(page.getByTestId("summary-history-total")).toContainText("共 1 条记录");
  await page.reload();
  await expect(items(page)).toHaveCount(1);
  // Newest first: the one deleted was the second page's summary; the server keeps only the first's.
  const left = (await (await page.request.get("/api/summary/history?page=1&per_page=20", { headers: { authorization: `Bearer ${token}` } })).json()) as { items: { url: string }[] };
  expect(left.items.map((i) => i.url)).toEqual([`${baseURL}/articles/${first}`]);
});
