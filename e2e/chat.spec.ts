import { expect, test } from "./support/fixtures";
import { MSG } from "../lib/messages";
import { ChatPage, handStreamedChat, mockChat, sseBody } from "./pages/chat-page";

// Shares words with a demo article (大模型, 部署) but no article has them all, so the search is empty
// while the assistant's retrieval finds something.
const ABSENT = "大模型 部署 到底难不难 量子烤肠";
// Shares nothing with the feed: used where the chat server is replaced by the test.
const NOTHING = "量子纠缠烤红薯";

test("a visitor's search that finds nothing is answered by the assistant, with links to articles", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.open(ABSENT);
  await expect(chat.region).toContainText(`没有找到与“${ABSENT}”相关的文章`);
  await expect(chat.userMessages).toHaveCount(1);
  await expect(chat.userMessages.first()).toHaveText(ABSENT);
  const reply = chat.assistantMessages.first();
  await expect(reply).toHaveAttribute("data-status", "done", { timeout: 20_000 });
  await expect(reply).toHaveAttribute("data-typing", "done");
  // The local engine (no language model configured) says so and links the matching articles.
  await expect(reply).toContainText("未接入大语言模型");
  const link = reply.locator('a[href^="/articles/"]').first();
  await expect(link).toBeVisible();
  await expect(link).not.toHaveAttribute("target", "_blank");
  const href = await link.getAttribute("href");
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // Back on the search, the conversation is still there and the question is not asked again.
  await page.goBack();
  await expect(chat.assistantMessages.first()).toContainText("未接入大语言模型");
  await expect(chat.userMessages).toHaveCount(1);
  await page.getByRole("link", { name: "查看全部文章" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("Ctrl+Enter sends, plain Enter starts a new line, a blank question is ignored; history goes along", async ({ page }) => {
  const requests = await mockChat(page, (req, n) => ({ body: sseBody([{ type: "content", content: n === 1 ? "第一个回答" : `收到：${req.message}` }]) }));
  const chat = new ChatPage(page);
  await chat.open(NOTHING);
  await expect(chat.assistantMessages.first()).toHaveText("第一个回答");
  await expect(chat.assistantMessages.first()).toHaveAttribute("data-status", "done");
  expect(requests).toEqual([{ message: NOTHING, history: [] }]);
  await expect(chat.send).toHaveAccessibleName("Ctrl+Enter 发送");

  // The box grows from 40 px with its text, up to 150 px.
  const height = () => chat.input.evaluate((el) => el.getBoundingClientRect().height);
  expect(await height()).toBeCloseTo(40, 0);

  await chat.ask("   \n  ");
  await expect(chat.send).toBeDisabled();
  await expect(chat.userMessages).toHaveCount(1);
  expect(requests).toHaveLength(1);
  await chat.input.fill("");
  await chat.input.pressSequentially("第一行");
  await chat.input.press("Enter");
  await chat.input.pressSequentially("第二行");
  await expect(chat.input).toHaveValue("第一行\n第二行");
  expect(await height()).toBeGreaterThan(40);
  await expect(chat.userMessages).toHaveCount(1);
  await chat.input.press("Control+Enter");
  await expect(chat.userMessages).toHaveCount(2);
  await expect(chat.userMessages.nth(1)).toHaveText("第一行\n第二行");
  await expect(chat.input).toHaveValue("");
  await expect(chat.assistantMessages.nth(1)).toHaveText("收到：第一行\n第二行");
  expect(requests).toHaveLength(2);
  expect(requests[1]).toEqual({
    message: "第一行\n第二行",
    history: [
      { role: "user", content: NOTHING },
      { role: "assistant", content: "第一个回答" },
    ],
  });

  await chat.input.fill(Array.from({ length: 20 }, (_, i) => `第 ${i} 行`).join("\n"));
  expect(await height()).toBeCloseTo(150, 0);
  await expect(chat.input).toHaveCSS("overflow-y", "auto");
});

test("reasoning shows 思考中, then 已完成 when the answer starts, and folds away a second later", async ({ page }) => {
  // The page's clock is the test's: the fold is checked at 999 and 1,000 ms, not by waiting a second.
  await page.clock.install();
  const hand = await handStreamedChat(page);
  const chat = new ChatPage(page);
  await chat.open(NOTHING);
  await expect.poll(hand.requests).toHaveLength(1);
  const reply = chat.assistantMessages.first();
  const { section, toggle, badge } = chat.reasoningOf(reply);
  await expect(section).toHaveCount(0);

  await hand.push([{ type: "reasoning", content: "用户在问一个站内没有的话题，" }]);
  await expect(badge).toHaveText("思考中");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await hand.push([{ type: "reasoning", content: "先说明情况再给建议。" }]);
  await expect(section).toContainText("用户在问一个站内没有的话题，先说明情况再给建议。");

  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await hand.push([{ type: "content", content: "站内暂时没有相关文章，" }]);
  await expect(badge).toHaveText("已完成");
  await page.clock.runFor(999);
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.clock.runFor(1);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(section.getByText("先说明情况再给建议。")).toBeHidden();

  // The reader can open it again; it stays open.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(section).toContainText("先说明情况再给建议。");
  await page.clock.runFor(1300);
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.clock.resume();
  await hand.push([{ type: "content", content: "可以换个关键词试试。" }]);
  await hand.close();
  await expect(reply).toHaveAttribute("data-typing", "done");
  await expect(reply).toContainText("站内暂时没有相关文章，可以换个关键词试试。");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
});

test("the stop button ends a reply and keeps what arrived; a question asked meanwhile is ignored", async ({ page }) => {
  const hand = await handStreamedChat(page);
  const chat = new ChatPage(page);
  await chat.open(NOTHING);
  await expect.poll(hand.requests).toHaveLength(1);
  await hand.push([{ type: "content", content: "这是已经收到的一段回答。" }]);
  const reply = chat.assistantMessages.first();
  await expect(reply).toContainText("这是已经收到的一段回答。");
  await expect(chat.send).toHaveCount(0);

  await chat.ask("再问一个");
  await expect(chat.userMessages).toHaveCount(1);
  expect(await hand.requests()).toHaveLength(1);

  await chat.stop.click();
  await expect(reply).toHaveAttribute("data-status", "stopped");
  expect(await hand.aborted()).toBe(true);
  await expect(reply).toContainText("这是已经收到的一段回答。");
  await expect(reply).toContainText("已停止生成");
  await expect(chat.stop).toHaveCount(0);
  await expect(chat.input).toHaveValue("再问一个");
  await expect(chat.send).toBeEnabled();
});

test("a mermaid block becomes a diagram; one that does not parse shows its source", async ({ page }) => {
  await mockChat(page, (_req, n) => ({
    body: sseBody(
      n === 1
        ? [{ type: "content", content: "流程如下：\n\n```mermaid\nflowchart LR\n  A[提问] --> B{检索}\n  B --> C[回答]\n```\n\n以上。" }]
        : [{ type: "content", content: "```mermaid\nflowchart LR\n  A[[[ -->\n  这不是图表 }}}\n```" }],
    ),
  }));
  const chat = new ChatPage(page);
  await chat.open(NOTHING);
  const first = chat.assistantMessages.first();
  const diagram = first.getByTestId("mermaid-diagram");
  await expect(diagram.locator("svg")).toBeVisible();
  await expect(diagram).toContainText("检索");
  await expect(first).toContainText("以上。");

  await chat.ask("再画一个");
  const second = chat.assistantMessages.nth(1);
  await expect(second).toHaveAttribute("data-typing", "done");
  const source = second.getByTestId("mermaid-source");
  await expect(source).toContainText("图表无法解析");
  await expect(source.locator("pre code")).toContainText("这不是图表 }}}");
  await expect(second.getByTestId("mermaid-diagram")).toHaveCount(0);
  // mermaid left nothing of the failed render in the page.
  await expect(page.locator('body > [id*="shiyue-mermaid"]')).toHaveCount(0);
});

test("diagram text over 50000 characters shows mermaid's size-limit diagram", async ({ page }) => {
  const edges = Array.from({ length: 4500 }, (_, i) => `  N${i} --> N${i + 1}`).join("\n");
  await mockChat(page, () => ({ body: sseBody([{ type: "content", content: `\`\`\`mermaid\nflowchart TB\n${edges}\n\`\`\`` }]) }));
  const chat = new ChatPage(page);
  await chat.open(NOTHING);
  const diagram = chat.assistantMessages.first().getByTestId("mermaid-diagram");
  await expect(diagram.locator("svg")).toBeVisible({ timeout: 20_000 });
  await expect(diagram).toContainText("Maximum text size in diagram exceeded");
});

test("code is highlighted and copied; raw HTML and javascript: links are never rendered", async ({ page, context }, testInfo) => {
  await mockChat(page, () => ({
    body: sseBody([
      {
        type: "content",
        content:
          '<script>window.__pwned=1</script>\n\n<img src=x onerror="window.__pwned=1">\n\n[点我](javascript:window.__pwned=1) [站内](/articles/1) [外部](https://example.com/)\n\n```ts\nconst answer: number = 42;\n```',
      },
    ]),
  }));
  const chat = new ChatPage(page);
  await chat.open(NOTHING);
  const reply = chat.assistantMessages.first();
  await expect(reply).toHaveAttribute("data-typing", "done");
  await expect(reply.locator("script")).toHaveCount(0);
  await expect(reply.locator("img")).toHaveCount(0);
  await expect(reply.locator('a[href^="javascript:"]')).toHaveCount(0);
  await reply.getByText("点我").click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(reply.getByRole("link", { name: "站内" })).toHaveAttribute("href", "/articles/1");
  await expect(reply.getByRole("link", { name: "站内" })).not.toHaveAttribute("target", /./);
  await expect(reply.getByRole("link", { name: "外部" })).toHaveAttribute("target", "_blank");
  await expect(reply.getByRole("link", { name: "外部" })).toHaveAttribute("rel", /noopener noreferrer/);

  const code = reply.getByTestId("code-block");
  await expect(code.locator(".hljs-keyword").first()).toHaveText("const");
  if (testInfo.project.name === "desktop") {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await code.getByRole("button", { name: /复制/ }).click();
    await expect(page.getByText("已复制").first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("const answer: number = 42;");
  }
});

test("a stream error, a server failure and a rate limit each read as the spec says", async ({ page }) => {
  await mockChat(page, (_req, n) =>
    n === 1
      ? { body: sseBody([{ type: "content", content: "先说一点" }, { type: "error", content: "模型服务出错（502）" }]) }
      : n === 2
        ? { status: 500, body: JSON.stringify({ detail: "服务器开小差了，请稍后再试" }), contentType: "application/json" }
        : { status: 429, body: JSON.stringify({ detail: MSG.chatRateLimited }), contentType: "application/json" },
  );
  const chat = new ChatPage(page);
  await chat.open(NOTHING);
  await expect(chat.assistantMessages.first()).toHaveText(`${MSG.chatErrorPrefix}模型服务出错（502）`);
  await expect(chat.assistantMessages.first()).toHaveAttribute("data-status", "error");

  await chat.ask("再试一次");
  await expect(chat.assistantMessages.nth(1)).toHaveText(MSG.chatFailed);
  await chat.ask("还不行吗");
  await expect(chat.assistantMessages.nth(2)).toHaveText(`${MSG.chatErrorPrefix}${MSG.chatRateLimited}`);
  await expect(chat.send).toBeVisible();
});
