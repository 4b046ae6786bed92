// Comments moderated (issue 43, acceptance 1), in the dark scheme (the other comment journeys run in the light one):
// an operator adds a word to the list in the console and a comment with it waits in 待审核 until approved; three
// readers' reports hide a comment; the operator 禁言 its author and removes it with a reason; the author is told
// in 消息, and cannot comment while muted.
import { expect, request as newRequest, test } from "./support/fixtures";
import { makeOperator } from "./pages/admin-pages";
import { toast, uniqueName } from "./pages/auth-pages";
import { anArticle, phoneReader, signIn, Thread } from "./pages/comment-pages";
import { picture } from "./support/pictures";

test.use({ colorScheme: "dark" });

test("a word of the list holds a comment, three reports hide one, an operator removes it with a reason and 禁言 its author", { tag: "@phone" }, async ({ browser, baseURL, page, request }, testInfo) => {
  test.setTimeout(120_000); // four readers and an operator, each signed in, and the console
  const path = await anArticle(page, 3);
  const alice = await phoneReader(request, uniqueName("戊"));
  const reporters = [await phoneReader(request, uniqueName("举一")), await phoneReader(request, uniqueName("举二")), await phoneReader(request, uniqueName("举三"))];
  const word = uniqueName("违禁");
  const operatorAccount = uniqueName("op");
  const registered = await request.post("/api/v1/auth/register", { data: { account_name: operatorAccount, password: "secret-pass-1", agree_terms: true } });
  const operator = (await registered.json()).data;
  await makeOperator(baseURL!, operatorAccount);

  // The operator adds the word in the console.
  const desk = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, colorScheme: "dark" });
  const op = await desk.newPage();
  await signIn(op, baseURL!, { token: operator.access_token, user: operator.user });
  await op.goto("/admin/comments/words");
  await op.getByRole("form", { name: "添加敏感词" }).getByRole("textbox", { name: "敏感词" }).fill(word);
  await op.getByRole("button", { name: "添加", exact: true }).click();
  await expect(toast(op, "已添加")).toBeVisible();
  const stored = word.replace("_", "");
  await expect(op.getByRole("list", { name: "敏感词表" }).getByRole("button", { name: `移除「${stored}」` })).toBeVisible();

  // Alice's comment with the word waits; her other comment is reported by three readers and leaves the thread.
  await signIn(page, baseURL!, alice);
  await page.goto(`${path}#comments`);
  const thread = new Thread(page);
  const held = `有人一起 ${word} 吗`;
  await thread.ready();
  await thread.box.fill(held);
  await thread.send.click();
  await expect(toast(page, "评论已提交，审核通过后所有人可见")).toBeVisible();
  await expect(thread.comment(held)).toContainText("审核中，仅自己可见");
  const rude = `这条会被举报 ${Date.now()}`;
  await thread.write(rude);
  const rudeId = await thread.comment(rude).getAttribute("data-comment-id");

  const reader = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, colorScheme: "dark" });
  const first = await reader.newPage();
  await signIn(first, baseURL!, reporters[0]);
  await first.goto(path);
  const seen = new Thread(first);
  await seen.ready();
  const target = seen.comment(rude);
  await target.getByRole("button", { name: "举报" }).first().click();
  const form = target.getByRole("form", { name: "举报这条评论" });
  await form.getByRole("radio", { name: "辱骂攻击" }).check();
  await form.getByRole("button", { name: "提交举报" }).click();
  await expect(toast(first, "举报已提交，感谢你的反馈")).toBeVisible();
  await reader.close();
  for (const r of reporters.slice(1)) {
    const res = await request.post(`/api/v1/comments/${rudeId}/report`, { data: { reason: "abuse" }, headers: { authorization: `Bearer ${r.token}` } });
    expect(res.status()).toBe(200);
  }
  const visitor = await newRequest.newContext({ baseURL });
  const shown = async () => (await (await visitor.get(`/api/v1${path}/comments?sort=new&limit=50`)).json()).data.items.map((c: { content: string }) => c.content);
  expect(await shown()).not.toContain(rude);
  expect(await shown()).not.toContain(held);

  // The operator approves the held one, 禁言 Alice for 7 days and removes the reported one with a reason.
  await op.goto("/admin/comments");
  expect(await op.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "the queue overflows sideways").toBeLessThanOrEqual(0);
  const heldItem = op.getByRole("listitem").filter({ hasText: held });
  await expect(heldItem).toContainText("命中敏感词");
  await picture(op, `test-results/comment-shots/console-queue-${testInfo.project.name}.png`, { fullPage: true });
  await heldItem.getByRole("button", { name: "通过" }).click();
  await expect(toast(op, "已通过，评论已显示")).toBeVisible();
  await expect(heldItem).toHaveCount(0);
  const reported = op.getByRole("listitem").filter({ hasText: rude });
  await expect(reported).toContainText("举报：辱骂攻击 × 3");
  await reported.getByRole("button", { name: "禁言…" }).click();
  const mute = reported.getByRole("form", { name: /^禁言「/ });
  await mute.getByRole("combobox", { name: "禁言时长" }).selectOption({ label: "7 天" });
  await mute.getByRole("textbox", { name: "禁言理由" }).fill("多次辱骂他人");
  await picture(op, `test-results/comment-shots/console-mute-${testInfo.project.name}.png`, { fullPage: true });
  await mute.getByRole("button", { name: "确认禁言" }).click();
  await expect(toast(op, /^已禁言「/)).toBeVisible();
  await expect(reported).toContainText("禁言至");
  await reported.getByRole("button", { name: "删除…" }).click();
  await reported.getByRole("combobox", { name: "删除理由（作者会在消息中看到）" }).fill("人身攻击");
  await reported.getByRole("button", { name: "确认删除" }).click();
  await expect(toast(op, "已删除评论，作者会在消息中看到理由")).toBeVisible();
  await op.goto("/admin/comments?queue=removed");
  await expect(op.getByRole("listitem").filter({ hasText: rude })).toContainText("已删除：人身攻击");
  await desk.close();
  expect(await shown()).toContain(held);

  // Alice is told why, and cannot comment while muted.
  await page.goto("/notifications");
  await expect(page.getByTestId("notification").filter({ hasText: "你的评论已被管理员删除：人身攻击" })).toContainText(rude);
  await picture(page, `test-results/comment-shots/notifications-dark-${testInfo.project.name}.png`, { fullPage: true });
  await page.goto(path);
  await thread.ready();
  await thread.box.fill("禁言了还能说话吗");
  await thread.send.click();
  await expect(toast(page, /^你已被禁言至 .+，暂时不能评论、点赞评论或举报$/)).toBeVisible();
  await expect(thread.comment("禁言了还能说话吗")).toHaveCount(0);
  await visitor.dispose();
});
