import { expect, test } from "./support/fixtures";
import { ALL_PAYLOADS, MERMAID_PAYLOADS, mermaidBlock, PAYLOADS } from "../test/xss";
import { Header, RegisterPage, uniqueName } from "./pages/auth-pages";
import { ChatPage, mockChat, sseBody } from "./pages/chat-page";
import { HomePage } from "./pages/home-page";
import { approveAsOperator } from "./pages/admin-pages";
import { HistoryPage } from "./pages/history-page";
import { RecordsPage, signUp } from "./pages/records-pages";
import { SmartSummaryPage, SummaryProgressPage } from "./pages/summary-pages";
import { articleTitle, feedArticleCount, feedTitles, startXssSite } from "./support/xss-site";
import { expectNoXss, feedsCommand, poke, pollFeed, setTrap } from "./support/xss-trap";

// The XSS matrix (test/xss.ts) through every surface that shows text from outside: feed items, profile
// fields, chat answers and link summaries. The pages run with their Content-Security-Policy switched off,
// so nothing here depends on it: the trap (`__xss()`, `window.__xssFired`) must stay silent and the DOM
// must hold no script, handler attribute, javascript:/data: link or frame from a payload.
test.use({ bypassCSP: true });

/** A word the search finds, one per test run (lower-case Latin, so it is one search term). */
const newMarker = () => `xss${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test("feed items carrying scripts, handlers, javascript: links, SVG and mermaid are collected and shown as inert text", async ({ page, context, baseURL }) => {
  // Work, not waiting: `npm run feeds` as a second process collects the feed, then every card is expanded and poked
  // (36 s on a quiet 2-core machine; past 60 s beside a build, here and in the baseline run of 2026-11-29).
  test.setTimeout(120_000);
  const trap = await setTrap(context);
  const marker = newMarker();
  const site = await startXssSite(marker);
  try {
    expect(await feedsCommand(baseURL!, ["add", site.feedUrl, "--allow-private"])).toContain("已添加订阅源");
    expect(await pollFeed(baseURL!, site.feedUrl)).toBe(feedArticleCount());
  } finally {
    await site.close();
  }

  // A signed-in reader: expanding the cards records them in the reading history.
  const headers = { authorization: `Bearer ${await signUp(page, "xssf")}` };
  let reads = 0;
  page.on("response", (r) => {
    if (r.url().includes("/user-read-history/record") && r.ok()) reads++;
  });
  // The home feed, narrowed to this run's items by the search: every card expanded, poked and checked.
  const home = new HomePage(page);
  await page.goto(`/?q=${marker}`);
  await expect(home.articles).toHaveCount(feedArticleCount());
  const titles = feedTitles(marker);
  await expect(home.articles.getByTestId("article-title").filter({ hasText: titles.rich })).toHaveCount(1);
  await expect(page.getByText(titles.dropped)).toHaveCount(0);
  for (const card of await home.articles.all()) {
    await card.getByRole("button", { name: "展开全文" }).click();
    await expect(card.getByTestId("article-body")).toHaveAttribute("data-expanded", "true");
  }
  // The payloads arrived: as text, never as markup.
  const rich = home.articles.filter({ hasText: titles.rich });
  await expect(rich.getByTestId("article-source")).toContainText('<img src=x onerror="__xss()">作者');
  await expect(rich.getByTestId("article-body")).toContainText("<script>__xss()</script>");
  await expect(home.articles.filter({ hasText: titles.raw(1) }).getByTestId("article-body")).toContainText('<img src=x onerror="__xss()">');
  await poke(page.getByRole("main"));
  await expectNoXss(page, trap, "home feed");
  await expect.poll(() => reads).toBe(feedArticleCount());

  // Each article's own page.
  const links = await home.articles.getByTestId("article-title").getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  expect(links).toHaveLength(feedArticleCount());
  for (const link of links) {
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(marker);
    await poke(page.locator("article"));
    await expectNoXss(page, trap, `article ${link}`);
  }

  // The reader's records: the history expands each entry to its whole article; likes and favourites list
  // title and summary.
  for (const id of links.slice(0, 3).map((link) => Number(link.split("/").pop()))) {
    expect((await page.request.post(`/api/v1/likes/${id}`, { headers })).ok()).toBe(true);
    expect((await page.request.post("/api/v1/favorites", { headers, data: { article_id: id } })).ok()).toBe(true);
  }
  const history = new HistoryPage(page);
  await history.goto();
  await history.pickFilter("全部");
  await expect(history.items).toHaveCount(feedArticleCount());
  for (const item of await history.items.all()) await history.expand(item).click();
  await expect(history.items.getByTestId("history-detail")).toHaveCount(feedArticleCount());
  await poke(history.list);
  await expectNoXss(page, trap, "reading history");
  for (const path of ["/likes", "/favorites"] as const) {
    const records = new RecordsPage(page, path);
    await records.goto();
    await expect(records.items).toHaveCount(3);
    await poke(page.getByRole("main"));
    await expectNoXss(page, trap, path);
  }
});

test("profile fields carrying payloads show as text on the profile page and in the account menu", async ({ page, context }) => {
  // Nine nicknames, each saved and its profile page opened and poked: a long journey (it ran past 30 s at load 10).
  test.slow();
  const trap = await setTrap(context);
  // The nickname given at registration is shown in the header the register journey lands on.
  const register = new RegisterPage(page);
  await register.goto();
  await register.register({ account: uniqueName("xssp"), password: "secret-pass-1", name: '<img src=x onerror="__xss()">' });
  await expect(page).toHaveURL(/\/$/);
  const header = new Header(page);
  await expect(header.menuButton).toHaveAccessibleName('<img src=x onerror="__xss()">的账户菜单');
  await expectNoXss(page, trap, "home after registering");
  const token = decodeURIComponent((await context.cookies()).find((c) => c.name === "shiyue_token")!.value);
  const headers = { authorization: `Bearer ${token}` };

  let bio = "";
  for (const { text } of PAYLOADS) if (bio.length + text.length + 1 <= 500) bio = bio ? `${bio}\n${text}` : text;
  // Nicknames are at most 32 characters: markup, links, and breakouts from attributes, titles and script data.
  const names = [
    "<script>__xss()</script>",
    '<img src=x onerror="__xss()">',
    "<details open ontoggle=__xss()>",
    "[点我](javascript:__xss())",
    "javascript:__xss()",
    "</script><svg onload=__xss()>",
    '"><img src=x onerror=__xss()>',
    "</title><script>__xss()</script>",
    "'-__xss()-'${__xss()}{{__xss()}}",
  ];
  for (const name of names) {
    const res = await page.request.put("/api/v1/users/me", { headers, data: { display_name: name, bio } });
    expect(res.status(), name).toBe(200);
    await page.goto("/profile");
    await header.openMenu();
    await expect(page.getByRole("menu")).toContainText(name);
    await poke(page.locator("body"));
    await expectNoXss(page, trap, `nickname ${name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  }

  // The bio is shown in its box; editing shows it again, and a nickname typed in the form saves as text.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "个人简介" })).toHaveValue(bio);
  await page.getByRole("button", { name: "编辑资料" }).click();
  await page.getByRole("textbox", { name: "昵称" }).fill("<svg onload=__xss()>");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("<svg onload=__xss()>");
  await page.reload();
  await header.openMenu();
  await expect(page.getByRole("menu")).toContainText("<svg onload=__xss()>");
  await expectNoXss(page, trap, "profile after saving the form");

  // The email must be an address: markup is refused before it is stored.
  const bad = await page.request.put("/api/v1/users/me", { headers, data: { email: '"><img src=x onerror=__xss()>@example.com' } });
  expect(bad.status()).toBe(400);
});

test("a chat answer carrying every payload, mermaid diagrams included, renders, draws and clicks inert", async ({ page, context }) => {
  const trap = await setTrap(context);
  const diagrams = MERMAID_PAYLOADS.map(mermaidBlock).join("\n\n");
  await mockChat(page, () => ({
    body: sseBody([
      { type: "reasoning", content: ALL_PAYLOADS },
      { type: "content", content: `回答开始。\n\n${ALL_PAYLOADS}\n\n${diagrams}\n\n回答结束。` },
    ]),
  }));
  const chat = new ChatPage(page);
  // The question itself is a payload: it is shown back in the search line and as the user's message.
  const question = '量子纠缠烤红薯 <img src=x onerror="__xss()">';
  await chat.open(question);
  await expect(chat.userMessages.first()).toHaveText(question);
  const reply = chat.assistantMessages.first();
  await expect(reply).toHaveAttribute("data-typing", "done", { timeout: 20_000 });
  await expect(reply).toContainText("回答结束。");
  // Every diagram settles (drawn or shown as source), none is still pending.
  await expect(reply.locator('[data-testid="mermaid-diagram"], [data-testid="mermaid-source"]')).toHaveCount(MERMAID_PAYLOADS.length, { timeout: 20_000 });
  await expect(reply.getByTestId("mermaid-diagram").first().locator("svg")).toBeVisible();
  const { section, toggle } = chat.reasoningOf(reply);
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  await expect(section).toContainText("<script>__xss()</script>");
  await poke(chat.region);
  await expectNoXss(page, trap, "chat answer");

  // A second answer while the diagrams are cached: drawn again from the cache, still inert.
  await chat.ask("再来一次");
  await expect(chat.assistantMessages.nth(1)).toHaveAttribute("data-typing", "done", { timeout: 20_000 });
  await poke(chat.assistantMessages.nth(1));
  await expectNoXss(page, trap, "second chat answer");
});

test("a summary of a page whose text carries payloads shows, joins the article list and opens as inert text", async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const trap = await setTrap(context);
  const marker = newMarker();
  const site = await startXssSite(marker);
  try {
    await signUp(page, "xsss");
    const form = new SmartSummaryPage(page);
    await form.goto();
    await form.input.fill(site.articleUrl);
    await form.choose("快速总结");
    await form.start.click();
    const progress = new SummaryProgressPage(page);
    await progress.waitForResult();
    await expect(progress.title).toHaveText(articleTitle(marker));
    // The page's text is in the summary, as text (markdown links in it are links without a target).
    await expect(progress.result).toContainText("<script>__xss()</script>");
    await expect(progress.result).toContainText("都应当原样显示为文字而不会执行");
    await poke(progress.result);
    await expectNoXss(page, trap, "summary result");

    const created = page.waitForResponse((r) => r.url().includes("/create-article") && r.ok());
    await progress.addToList.click();
    await expect(progress.added).toBeVisible();
    const { article_id: articleId } = (await (await created).json()) as { article_id: number };
    // A reader's article is public once an operator approves it (USER_ARTICLES=review).
    await approveAsOperator(baseURL!, articleId);
    // The feed first: opening the article (its card or its page) records a reading, and the signed-in feed leaves
    // out what the reader has read.
    await page.goto(`/?q=${marker}`);
    const card = new HomePage(page).articles.first();
    await card.getByRole("button", { name: "展开全文" }).click();
    await poke(card);
    await expectNoXss(page, trap, "summary article in the feed");

    await page.goto(`/articles/${articleId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(articleTitle(marker));
    await expect(page.locator("article")).toContainText("<script>__xss()</script>");
    await poke(page.locator("article"));
    await expectNoXss(page, trap, "article made from the summary");

    await page.goto("/summary-history");
    await expect(page.getByTestId("summary-history-title").first()).toHaveText(articleTitle(marker));
    await expectNoXss(page, trap, "summary history");
  } finally {
    await site.close();
  }

  // A crafted link to the progress page: its url is shown, never linked.
  for (const url of ["javascript:__xss()", "JaVaScRiPt:__xss()//https://example.com/", "data:text/html,<script>__xss()</script>"]) {
    await page.goto(`/summary-progress?url=${encodeURIComponent(url)}&method=quick`);
    const task = page.getByRole("region", { name: "总结任务" });
    await expect(task.getByText(url, { exact: true })).toBeVisible();
    await poke(task);
    await expectNoXss(page, trap, `progress page for ${url}`);
  }
});
