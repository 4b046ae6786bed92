// Readable by every visitor and machine (issue 30): axe-core's full rule set — every WCAG 2.x A and AA rule and
// axe's best practices (e2e/pages/axe.ts) — passes on every page, in the light and the dark scheme, at 1280 px
// (desktop project) and 390 px (phone project). One test per page, which opens it in one scheme, then the other;
// the accounts and what their pages show (likes, favourites, reads, a finished summary) are made once, through
// the API.
import { expect, request as newRequest, test, type Page } from "./support/fixtures";
import { TOKEN_COOKIE, USER_STORAGE_KEY } from "../lib/auth/constants";
import { makeOperator } from "./pages/admin-pages";
import { uniqueName } from "./pages/auth-pages";
import { axeViolations } from "./pages/axe";
import { ChatPage, mockChat, sseBody } from "./pages/chat-page";
import { phoneReader, Thread } from "./pages/comment-pages";
import { HomePage } from "./pages/home-page";
import { ListingPage } from "./pages/listing-pages";
import { SummaryProgressPage } from "./pages/summary-pages";
import { SCHEMES, Theme, watchTheme, type Scheme } from "./pages/theme";

const PASSWORD = "secret-pass-1";
type Session = { token: string; user: unknown };
type Who = "visitor" | "reader" | "operator" | "commenter";

/** What the setup made or found: the two accounts, a permalink with a code block and its listings, a finished summary. */
const made: { reader?: Session; operator?: Session; commenter?: Session; permalink?: string; platform?: string; day?: string; taskId?: string } = {};

/** A page to check: where, as whom, and what shows it is ready (then, optionally, a state to check too). */
type Visit = { name: string; who: Who; path: () => string; before?: (page: Page) => Promise<unknown>; ready: (page: Page) => Promise<void>; then?: (page: Page) => Promise<void> };

const h1 = (page: Page, name?: string) => expect(page.getByRole("heading", { level: 1, ...(name ? { name } : {}) })).toBeVisible();
const records = (page: Page, testId: string) => expect(page.getByTestId(testId).first()).toBeVisible();

/** An answer from the assistant with what it can draw: a diagram, code, a table, a quote. */
const ANSWER = [
  "流程如下：",
  "```mermaid\nflowchart LR\n  A[提问] --> B{检索}\n  B --> C[回答]\n```",
  "示例代码：",
  "```ts\nconst answer: number = 42;\nconsole.log(`答案是 ${answer}`);\n```",
  "| 步骤 | 说明 |\n|---|---|\n| 检索 | 找到 `3` 篇文章 |",
  "> 以上回答仅供参考。",
].join("\n\n");

const VISITS: Visit[] = [
  { name: "home (visitor)", who: "visitor", path: () => "/", ready: (p) => expect(new HomePage(p).articles.first()).toBeVisible() },
  {
    name: "home (signed in), its account menu open",
    who: "reader",
    path: () => "/",
    ready: (p) => expect(new HomePage(p).articles.first()).toBeVisible(),
    then: async (p) => {
      await p.getByRole("button", { name: /的账户菜单$/ }).click();
      await expect(p.getByRole("menu")).toBeVisible();
    },
  },
  { name: "home, page 2 (visitor: asked to sign in)", who: "visitor", path: () => "/?page=2", ready: (p) => expect(p.getByRole("link", { name: "去登录" })).toBeVisible() },
  { name: "home with a search", who: "visitor", path: () => `/?q=${encodeURIComponent("大模型")}`, ready: (p) => expect(new HomePage(p).articles.first()).toBeVisible() },
  {
    name: "home with the assistant answering",
    who: "reader",
    path: () => `/?q=${encodeURIComponent("量子纠缠烤红薯")}`,
    before: (p) => mockChat(p, () => ({ body: sseBody([{ type: "content", content: ANSWER }]) })),
    ready: async (p) => {
      const chat = new ChatPage(p);
      await expect(chat.assistantMessages.first()).toHaveAttribute("data-typing", "done", { timeout: 20_000 });
      await expect(chat.assistantMessages.first().getByTestId("mermaid-diagram").locator("svg")).toBeVisible({ timeout: 20_000 });
    },
  },
  { name: "a permalink", who: "visitor", path: () => made.permalink!, ready: (p) => expect(p.locator(".markdown pre code").first()).toBeVisible() },
  {
    name: "a permalink's thread with a reply, its report form open",
    who: "reader",
    path: () => `${made.permalink!}#comments`,
    ready: (p) => expect(p.getByTestId("comment").first()).toBeVisible(),
    then: async (p) => {
      await new Thread(p).ready();
      await p.getByTestId("comment").first().getByRole("button", { name: "举报" }).first().click();
      await expect(p.getByRole("form", { name: "举报这条评论" })).toBeVisible();
    },
  },
  { name: "消息 (a reply and a like)", who: "commenter", path: () => "/notifications", ready: (p) => expect(p.getByTestId("notification").first()).toBeVisible() },
  { name: "its platform's listing", who: "visitor", path: () => made.platform!, ready: (p) => expect(new ListingPage(p).articles.first()).toBeVisible() },
  { name: "its day's listing", who: "visitor", path: () => made.day!, ready: (p) => expect(new ListingPage(p).articles.first()).toBeVisible() },
  { name: "about", who: "visitor", path: () => "/about", ready: (p) => h1(p, "拾阅") },
  { name: "privacy policy", who: "visitor", path: () => "/privacy", ready: (p) => h1(p, "拾阅隐私政策") },
  { name: "user agreement", who: "visitor", path: () => "/terms", ready: (p) => h1(p, "拾阅用户协议") },
  { name: "login", who: "visitor", path: () => "/login", ready: (p) => h1(p) },
  { name: "password login", who: "visitor", path: () => "/login/password", ready: (p) => expect(p.getByLabel("账户名")).toBeVisible() },
  { name: "code login", who: "visitor", path: () => "/login/sms", ready: (p) => expect(p.getByLabel("手机号")).toBeVisible() },
  { name: "register", who: "visitor", path: () => "/register", ready: (p) => expect(p.getByLabel("用户名")).toBeVisible() },
  { name: "the 404 page", who: "visitor", path: () => "/no-such-page", ready: (p) => h1(p, "页面不存在或正在建设中") },
  {
    name: "profile, its password dialog open",
    who: "reader",
    path: () => "/profile",
    ready: (p) => expect(p.getByRole("region", { name: "我的数据" })).toBeVisible(),
    then: async (p) => {
      await p.getByRole("button", { name: "修改密码" }).click();
      await expect(p.getByRole("dialog")).toBeVisible();
    },
  },
  { name: "likes", who: "reader", path: () => "/likes", ready: (p) => records(p, "record-item") },
  { name: "favorites", who: "reader", path: () => "/favorites", ready: (p) => records(p, "record-item") },
  { name: "history", who: "reader", path: () => "/history", ready: (p) => records(p, "history-item") },
  { name: "smart summary", who: "reader", path: () => "/smart-summary", ready: (p) => h1(p, "智能总结") },
  { name: "summary history", who: "reader", path: () => "/summary-history", ready: (p) => records(p, "summary-history-item") },
  { name: "a summary's progress and result", who: "reader", path: () => `/summary-progress?task_id=${made.taskId}`, ready: (p) => new SummaryProgressPage(p).waitForResult() },
  ...[
    ["/admin", "概览"],
    ["/admin/sources", "订阅源"],
    ["/admin/articles", "文章"],
    ["/admin/review", "待审核"],
    ["/admin/comments", "评论"],
    ["/admin/comments/words", "评论"],
    ["/admin/tasks", "总结任务"],
    ["/admin/users", "用户"],
    ["/admin/audit", "操作记录"],
  ].map(([path, title]): Visit => ({ name: `console ${path}`, who: "operator", path: () => path, ready: (p) => h1(p, title) })),
];

test.beforeAll(async ({ workerServer }, testInfo) => {
  testInfo.setTimeout(90_000);
  const baseURL = workerServer.url;
  const api = await newRequest.newContext({ baseURL });
  try {
    const register = async (prefix: string): Promise<Session & { account: string }> => {
      const account = uniqueName(prefix);
      const res = await api.post("/api/v1/auth/register", { data: { account_name: account, password: PASSWORD, agree_terms: true } });
      expect(res.status()).toBe(200);
      const { access_token: token, user } = (await res.json()).data;
      return { account, token, user };
    };
    const reader = await register("a11y");
    const as = { authorization: `Bearer ${reader.token}` };
    const feed = (await (await api.get("/api/v1/articles?limit=50")).json()) as { data: { items: { id: number; content: string }[] } };
    const withCode = feed.data.items.find((a) => a.content.includes("```"));
    expect(withCode, "a demo article with a code block").toBeTruthy();
    made.permalink = `/articles/${withCode!.id}`;
    // The listings it links to (by platform, by day).
    const html = await (await api.get(made.permalink)).text();
    made.platform = /href="(\/platforms\/[^"?]+)"/.exec(html)?.[1];
    made.day = /href="(\/days\/[^"?]+)"/.exec(html)?.[1];
    expect(made.platform && made.day, "the permalink's links to its platform's and day's listings").toBeTruthy();
    // Something in each of the reader's lists.
    for (const { id } of feed.data.items.slice(0, 3)) {
      expect((await api.post(`/api/v1/likes/${id}`, { headers: as })).ok()).toBe(true);
      expect((await api.post("/api/v1/favorites", { headers: as, data: { article_id: id } })).ok()).toBe(true);
      expect((await api.post("/api/v1/user-read-history/record", { headers: as, data: { article_id: id } })).ok()).toBe(true);
    }
    // A finished summary of one of this server's pages (the local engine).
    const created = await api.post("/api/summary/create-task", { headers: as, data: { url: new URL(made.permalink, baseURL).href, method: "knowledge" } });
    expect(created.ok()).toBe(true);
    made.taskId = ((await created.json()) as { task_id: string }).task_id;
    await expect
      .poll(async () => ((await (await api.get(`/api/summary/task/${made.taskId}/status`, { headers: as })).json()) as { status: string }).status, { timeout: 60_000 })
      .toBe("completed");
    made.reader = reader;

    // A thread on the permalink: a commenter (a proven phone) and a reply and a like from another, so the
    // commenter has 消息.
    const commenter = await phoneReader(api, "评论者");
    const replier = await phoneReader(api, "回复者");
    const posted = await api.post(`/api/v1${made.permalink}/comments`, { headers: { authorization: `Bearer ${commenter.token}` }, data: { content: "这篇讲得很清楚，代码也能直接跑。" } });
    expect(posted.status()).toBe(201);
    const rootId = ((await posted.json()) as { data: { id: number } }).data.id;
    const byReplier = { authorization: `Bearer ${replier.token}` };
    expect((await api.post(`/api/v1${made.permalink}/comments`, { headers: byReplier, data: { content: "同感，补充一个链接 https://example.com/more", reply_to: rootId } })).status()).toBe(201);
    expect((await api.post(`/api/v1/comments/${rootId}/like`, { headers: byReplier })).ok()).toBe(true);
    made.commenter = commenter;

    const operator = await register("a11yop");
    await makeOperator(baseURL, operator.account);
    made.operator = operator;
  } finally {
    await api.dispose();
  }
});

for (const visit of VISITS) {
  test(`${visit.name}: axe's rules pass in both schemes`, { tag: "@phone" }, async ({ page, baseURL }) => {
    await watchTheme(page);
    const theme = new Theme(page);
    const session = visit.who === "visitor" ? undefined : made[visit.who];
    if (session) {
      await page.context().addCookies([{ name: TOKEN_COOKIE, value: session.token, url: baseURL! }]);
      await page.addInitScript(([key, user]) => localStorage.setItem(key, user), [USER_STORAGE_KEY, JSON.stringify(session.user)] as const);
    }
    await visit.before?.(page);
    const check = async (scheme: Scheme, what: string) => {
      await theme.expectShown(scheme);
      expect(await axeViolations(page), `${what} in the ${scheme} scheme`).toEqual([]);
    };
    // Opened in each scheme (not switched live: colours would still be easing into the new one).
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(visit.path());
      await visit.ready(page);
      await check(scheme, visit.path());
      if (visit.then) {
        await visit.then(page);
        await check(scheme, `${visit.path()} (${visit.name})`);
      }
    }
  });
}
