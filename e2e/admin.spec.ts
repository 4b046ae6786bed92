// The operator's console end to end (issue 21, acceptance 2), on desktop and on a 390 px phone: an account made
// an operator by `npm run admin`, signed in, collects a loopback feed, hides, pins, unpins and unhides one of its
// articles (checked as a visitor and as a signed-in reader), retries a failed summary, disables an account, and
// finds each of these in the audit log. The console's pages are the ordinary 404 page to visitors, readers and a
// disabled operator. A reader's article made from a summary waits in 待审核 until an operator approves it there.
import { expect, request as newRequest, test, type APIRequestContext } from "./support/fixtures";
import { PasswordLoginPage, uniqueName } from "./pages/auth-pages";
import { adminCommand, ConsolePage, makeOperator, serveFeed } from "./pages/admin-pages";
import { HomePage } from "./pages/home-page";
import { crawlSitemaps } from "./pages/sitemaps";
import { picture } from "./support/pictures";

const PASSWORD = "secret-pass-1";
const PAGES = ["/admin", "/admin/sources", "/admin/articles", "/admin/review", "/admin/comments", "/admin/comments/words", "/admin/tasks", "/admin/users", "/admin/audit"];

async function register(api: APIRequestContext, prefix: string) {
  const account = uniqueName(prefix);
  const res = await api.post("/api/v1/auth/register", { data: { account_name: account, password: PASSWORD, agree_terms: true } });
  expect(res.status()).toBe(200);
  return { account, token: (await res.json()).data.access_token as string };
}

test("an operator curates the site from the console", { tag: "@phone" }, async ({ page, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const visitor = await newRequest.newContext({ baseURL });
  const tag = `op${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const titles = ["第一篇", "第二篇", "第三篇"].map((t) => `运营旅程 ${tag} ${t}`);
  const feed = await serveFeed(tag, titles);
  try {
    // ── Who may open the console ─────────────────────────────────────────────────────────────────────
    const operator = await register(visitor, "operator");
    const reader = await register(visitor, "reader");
    for (const path of PAGES) {
      const anonymous = await visitor.get(path);
      expect(anonymous.status(), `${path} for a visitor`).toBe(404);
      expect(await anonymous.text()).toContain("页面不存在");
      const asReader = await visitor.get(path, { headers: { cookie: `shiyue_token=${reader.token}` } });
      expect(asReader.status(), `${path} for a reader`).toBe(404);
    }
    const apiAsReader = await visitor.get("/api/admin/overview", { headers: { authorization: `Bearer ${reader.token}` } });
    expect(apiAsReader.status()).toBe(404);

    expect(await adminCommand(baseURL!, ["grant", operator.account])).toContain("已授予");

    const login = new PasswordLoginPage(page);
    await page.goto("/login/password");
    await login.username.fill(operator.account);
    await login.password.fill(PASSWORD);
    await login.submit.click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/admin");
    const console_ = new ConsolePage(page);
    /** A full-page picture of each section for people to look at (test-results/admin-shots/). */
    /** …and nothing on it wider than the screen (a phone's page must not scroll sideways). */
    const shot = async (name: string) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} overflows sideways`).toBeLessThanOrEqual(0);
      await picture(page, `test-results/admin-shots/${testInfo.project.name}-${name}.png`, { fullPage: true });
    };
    await shot("overview");
    await expect(page.getByRole("heading", { level: 1, name: "概览" })).toBeVisible();

    // ── 订阅源: add the loopback feed, poll it now, see its articles ─────────────────────────────────────
    await console_.section("订阅源");
    await page.getByLabel("订阅源地址").fill(feed.url);
    await page.getByRole("button", { name: "添加", exact: true }).click();
    await console_.toast(/已添加订阅源/);
    const source = console_.source(feed.url);
    await expect(source).toBeVisible();
    await source.getByRole("button", { name: "立即抓取" }).click();
    // The scheduler may collect a new source on its own first tick: then the poll finds them already there.
    await expect(source.getByRole("status")).toContainText(/新增 3 篇|没有更新|已有 3 篇/);
    await shot("sources");

    await console_.section("文章");
    await page.getByLabel("关键词、编号或原文链接").fill(tag);
    await page.getByRole("button", { name: "筛选" }).click();
    for (const title of titles) await expect(console_.article(title)).toBeVisible();
    await shot("articles");
    const target = console_.article(titles[1]);
    const id = Number(await target.getAttribute("data-article-id"));
    const readerHome = async () => (await visitor.get("/")).text();
    expect(await readerHome()).toContain(titles[1]);

    // ── Hide: gone from /, search and the sitemap within one request; the permalink 404s ───────────────
    await target.getByRole("button", { name: "隐藏", exact: true }).click();
    await console_.toast(/已隐藏/);
    await expect(target.getByText("已隐藏", { exact: true })).toBeVisible();
    expect(await readerHome()).not.toContain(titles[1]);
    const search = await (await visitor.get(`/api/v1/articles/search?keyword=${tag}`)).json();
    expect(search.data.items.map((a: { id: number }) => a.id)).not.toContain(id);
    expect(search.data.items.length).toBe(2);
    expect((await crawlSitemaps(visitor)).urls.filter((u) => u.endsWith(`/articles/${id}`))).toEqual([]);
    expect((await visitor.get(`/articles/${id}`)).status()).toBe(404);

    // ── Pin another: first on / for visitors and for a signed-in reader ───────────────────────────────
    const pinned = console_.article(titles[2]);
    const pinnedId = Number(await pinned.getAttribute("data-article-id"));
    await pinned.getByRole("button", { name: "置顶", exact: true }).click();
    await pinned.getByRole("button", { name: "确认置顶" }).click();
    await console_.toast("已置顶到首页");
    await expect(pinned.getByText(/置顶至/)).toBeVisible();
    const firstForVisitor = (await (await visitor.get("/api/v1/articles?page=1")).json()).data.items[0];
    expect(firstForVisitor.id).toBe(pinnedId);
    const home = new HomePage(page);
    await page.goto("/");
    await expect(home.articles.first().getByTestId("article-title")).toHaveText(titles[2]);
    await page.goto(`/admin/articles?q=${tag}`);
    await console_.article(titles[2]).getByRole("button", { name: "取消置顶" }).click();
    await console_.toast("已取消置顶");
    expect((await (await visitor.get("/api/v1/articles?page=1")).json()).data.items[0].id).not.toBe(pinnedId);
    await console_.article(titles[1]).getByRole("button", { name: "取消隐藏" }).click();
    await console_.toast(/已取消隐藏/);
    expect(await readerHome()).toContain(titles[1]);
    expect((await visitor.get(`/articles/${id}`)).status()).toBe(200);

    // ── 总结任务: a failed summary, retried ──────────────────────────────────────────────────────────────
    const created = await visitor.post("/api/summary/create-task", {
      headers: { authorization: `Bearer ${operator.token}` },
      data: { url: `http://127.0.0.1:9/${tag}`, method: "quick" },
    });
    expect(created.status()).toBe(200);
    const uuid = (await created.json()).task_id as string;
    await expect
      .poll(async () => (await (await visitor.get(`/api/summary/task/${uuid}/status`, { headers: { authorization: `Bearer ${operator.token}` } })).json()).status, {
        timeout: 60_000,
      })
      .toBe("failed");
    const failed = await (await visitor.get("/api/admin/tasks?status=failed&limit=100", { headers: { authorization: `Bearer ${operator.token}` } })).json();
    const taskId = failed.items.find((t: { uuid: string }) => t.uuid === uuid).id as number;
    await console_.section("总结任务");
    await page.goto(`/admin/tasks?status=all&id=${taskId}`);
    const task = page.locator(`[data-task-id="${taskId}"]`);
    await expect(task.getByTestId("task-error")).toBeVisible();
    await task.getByRole("button", { name: "重试" }).click();
    await console_.toast("已重新排队");
    await shot("tasks");

    // ── 用户: disable an account; its next call is a 401 ────────────────────────────────────────────────
    await console_.section("用户");
    // Made an operator first, so that disabling it also shows a disabled operator shut out of the console.
    await makeOperator(baseURL!, reader.account);
    expect((await visitor.get("/admin", { headers: { cookie: `shiyue_token=${reader.token}` } })).status()).toBe(200);
    await page.goto(`/admin/users?q=${reader.account}`);
    const row = page.locator("[data-user-id]", { hasText: reader.account });
    await console_.confirmed(row.getByRole("button", { name: "停用", exact: true }));
    await console_.toast("已停用账号");
    const me = await visitor.get("/api/v1/users/me", { headers: { authorization: `Bearer ${reader.token}` } });
    expect(me.status()).toBe(401);
    expect((await visitor.get("/admin/users", { headers: { cookie: `shiyue_token=${reader.token}` } })).status()).toBe(404);
    expect((await visitor.get("/api/admin/users", { headers: { authorization: `Bearer ${reader.token}` } })).status()).toBe(401);
    await shot("users");

    // ── 操作记录: each of these ─────────────────────────────────────────────────────────────────────────
    await console_.section("操作记录");
    await page.goto(`/admin/audit?actor=${operator.account}`);
    const logged = [
      ["source.add", "添加订阅源"],
      ["source.poll", "立即抓取订阅源"],
      ["article.hide", "隐藏文章"],
      ["article.pin", "置顶文章"],
      ["article.unpin", "取消置顶文章"],
      ["article.unhide", "取消隐藏文章"],
      ["task.retry", "重试总结任务"],
      ["user.disable", "停用账号"],
    ];
    for (const [action, label] of logged) {
      const record = page.locator(`[data-audit-id][data-action="${action}"]`).first();
      await expect(record, action).toBeVisible();
      await expect(record).toContainText(label);
      await expect(record).toContainText(operator.account);
    }
    await expect(page.locator('[data-audit-id][data-action="article.hide"]').first()).toContainText(`#${id}`);
    await shot("audit");
    await page.goto(`/admin/audit?action=user.grant_admin&actor=命令行`);
    await expect(page.locator('[data-audit-id][data-action="user.grant_admin"]').first()).toContainText("设为管理员");
  } finally {
    await feed.close();
    await visitor.dispose();
  }
});

test("an operator approves a reader's article from the review queue", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const api = await newRequest.newContext({ baseURL });
  try {
    // A reader summarises a page of the site (a link of its own: no other journey reuses the summary) and adds it.
    const reader = await register(api, "author");
    const auth = { authorization: `Bearer ${reader.token}` };
    const source = (await (await api.get("/api/v1/articles?page=1")).json()).data.items[2];
    const tag = `rv${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const created = await api.post("/api/summary/create-task", { headers: auth, data: { url: `${baseURL}/articles/${source.id}?review=${tag}`, method: "quick" } });
    expect(created.status()).toBe(200);
    const uuid = (await created.json()).task_id as string;
    await expect
      .poll(async () => (await (await api.get(`/api/summary/task/${uuid}/status`, { headers: auth })).json()).status, { timeout: 60_000 })
      .toBe("completed");
    const added = await (await api.post(`/api/summary/task/${uuid}/create-article`, { headers: auth })).json();
    expect(added).toMatchObject({ success: true, already_exists: false, message: "已成功加入文章列表" });
    const id = added.article_id as number;
    // Not public while it waits.
    const feedIds = async () => ((await (await api.get("/api/v1/articles?page=1")).json()).data.items as { id: number }[]).map((a) => a.id);
    expect((await api.get(`/articles/${id}`)).status()).toBe(404);
    expect(await feedIds()).not.toContain(id);

    const operator = await register(api, "reviewer");
    await makeOperator(baseURL!, operator.account);
    const login = new PasswordLoginPage(page);
    await page.goto("/login/password");
    await login.username.fill(operator.account);
    await login.password.fill(PASSWORD);
    await login.submit.click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/admin");
    const console_ = new ConsolePage(page);
    await expect(page.getByRole("navigation", { name: "运营后台" }).getByRole("link", { name: /^待审核\s*\d+$/ })).toBeVisible();
    await console_.section("待审核");
    const item = page.locator(`[data-article-id="${id}"]`);
    await expect(item).toContainText(reader.account);
    await expect(item).toContainText("快速总结");
    await expect(item).toContainText("127.0.0.1");
    await item.getByRole("button", { name: "通过", exact: true }).click();
    await console_.toast("已通过，文章已发布到首页");
    await expect(item).toHaveCount(0);

    expect((await api.get(`/articles/${id}`)).status()).toBe(200);
    expect(await feedIds()).toContain(id);
    await page.goto(`/admin/audit?action=article.approve&actor=${operator.account}`);
    await expect(page.locator('[data-audit-id][data-action="article.approve"]').first()).toContainText(`#${id}`);
  } finally {
    await api.dispose();
  }
});
