// Comments (issue 43, acceptance 1 and 2): a reader comments, another replies and likes, the first sees it in 消息;
// a visitor is asked to sign in and a reader without a proven phone to prove it; stored XSS stays text in the
// thread and in 消息. On the phone too: the thread and its buttons are what the narrow layout has to fit.
import { expect, test } from "./support/fixtures";
import { MSG } from "../lib/messages";
import { PHONE_PROMPT } from "../lib/comments/constants";
import { uniqueName } from "./pages/auth-pages";
import { anArticle, phoneReader, signIn, Thread } from "./pages/comment-pages";
import { picture } from "./support/pictures";
import { settle } from "./support/settle";

test("a reader comments, another replies and likes, and the first is told in 消息", { tag: "@phone" }, async ({ browser, baseURL, page }, testInfo) => {
  const path = await anArticle(page);
  const alice = await phoneReader(page.request, uniqueName("甲"));
  const bob = await phoneReader(page.request, uniqueName("乙"));
  const text = `第一条评论 ${Date.now()}\n第二行`;

  await signIn(page, baseURL!, alice);
  await page.goto(`${path}#comments`);
  const thread = new Thread(page);
  const before = Number(await thread.total.innerText());
  await thread.write(text);
  await expect(thread.total).toHaveText(String(before + 1));

  const other = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, hasTouch: true });
  const bobPage = await other.newPage();
  await signIn(bobPage, baseURL!, bob);
  await bobPage.goto(path);
  const bobThread = new Thread(bobPage);
  const aliceComment = bobThread.comment(text);
  await bobThread.reply(aliceComment, "说得好，补充一点");
  await aliceComment.getByRole("button", { name: /^点赞 0$/ }).first().click();
  await expect(aliceComment.getByRole("button", { name: /^取消点赞 1$/ }).first()).toBeVisible();
  await bobThread.section.scrollIntoViewIfNeeded();
  await picture(bobPage, `test-results/comment-shots/thread-${testInfo.project.name}.png`);
  await other.close();

  await page.goto("/");
  const bell = page.getByTestId("header-notifications");
  await expect(bell).toHaveAccessibleName("消息，2 条未读");
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const items = page.getByTestId("notification");
  await expect(items.filter({ hasText: `${bob.user.display_name} 回复了你的评论` })).toContainText("说得好，补充一点");
  await expect(items.filter({ hasText: `${bob.user.display_name} 赞了你的评论` })).toBeVisible();
  await page.getByRole("button", { name: "全部已读" }).click();
  await expect(page.getByRole("heading", { name: "消息", exact: true })).toBeVisible();
  await expect(bell).toHaveAccessibleName("消息");
});

test("a visitor is asked to sign in, a reader without a proven phone to prove it", async ({ page, baseURL }) => {
  const path = await anArticle(page, 1);
  await page.goto(path);
  const thread = new Thread(page);
  const asked: string[] = [];
  page.on("dialog", (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await thread.ready();
  await thread.box.click();
  await expect.poll(() => asked).toEqual([MSG.interactNeedsLogin]);

  const res = await page.request.post("/api/v1/auth/register", { data: { account_name: uniqueName("nophone"), password: "secret-pass-1", agree_terms: true } });
  const { access_token: token, user } = (await res.json()).data;
  await signIn(page, baseURL!, { token, user });
  await page.goto(path);
  await thread.ready();
  await thread.box.fill("没有验证手机能评论吗");
  await thread.send.click();
  await expect.poll(() => asked).toEqual([MSG.interactNeedsLogin, PHONE_PROMPT]);
  await expect(thread.comment("没有验证手机能评论吗")).toHaveCount(0);
});

test("markup in a comment stays text, in the thread and in 消息", async ({ page, baseURL }) => {
  const path = await anArticle(page, 2);
  const alice = await phoneReader(page.request, uniqueName("丙"));
  const mallory = await phoneReader(page.request, uniqueName("丁"));
  const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>"><svg onload=window.__xss=3>`;
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const root = await page.request.post(`/api/v1${path}/comments`, { data: { content: `丙的评论 ${Date.now()}` }, headers: { authorization: `Bearer ${alice.token}` } });
  const rootId = (await root.json()).data.id;
  const evil = await page.request.post(`/api/v1${path}/comments`, { data: { content: payload, reply_to: rootId }, headers: { authorization: `Bearer ${mallory.token}` } });
  expect(evil.status()).toBe(201);

  // A visitor's permalink is a kept page: the new comments show once it is rendered again (counters may lag up to
  // 10 s, lib/articles/version.ts), so the page is opened until they are on it.
  const thread = new Thread(page);
  await expect(async () => {
    await page.goto(path);
    await expect(thread.comment(payload)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await signIn(page, baseURL!, alice);
  await page.goto("/notifications");
  await expect(page.getByTestId("notification").filter({ hasText: payload })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator("[data-testid=notification] img, [data-testid=comments] img, [data-testid=comments] svg[onload]").count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test("a comment posted while the reader's thread is still being read stays in the thread", async ({ page, baseURL }) => {
  const path = await anArticle(page, 4);
  const reader = await phoneReader(page.request, uniqueName("丁"));
  await signIn(page, baseURL!, reader);
  // A signed-in reader's page 1 is read again on arrival; its answer (as it was before the comment) is held until
  // the comment has been posted: a fast reader on a slow network.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldRead: Promise<unknown> | undefined;
  await page.route(/\/api\/v1\/articles\/\d+\/comments\?/, async (route) => {
    if (route.request().method() !== "GET" || heldRead) return route.continue();
    heldRead = (async () => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    })();
  });
  await page.goto(`${path}#comments`);
  const thread = new Thread(page);
  await thread.ready();
  await expect.poll(() => heldRead !== undefined).toBe(true);
  const before = Number(await thread.total.innerText());
  const text = `读取途中发表的评论 ${Date.now()}`;
  await thread.box.fill(text);
  await thread.send.click();
  await expect(thread.comment(text)).toBeVisible();
  // The old answer arrives now; once the page has handled it, the comment is still there and counted.
  const stale = page.waitForResponse((res) => res.request().method() === "GET" && /\/comments\?/.test(res.url()));
  release();
  await heldRead;
  await (await stale).finished();
  await settle(page);
  await expect(thread.comment(text)).toBeVisible();
  await expect(thread.total).toHaveText(String(before + 1));
});
