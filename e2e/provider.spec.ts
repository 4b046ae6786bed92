import { expect, test } from "./support/fixtures";
import { ChatPage } from "./pages/chat-page";
import { scrape, total } from "./support/metrics";

// Runs against the server wired to a loopback DeepSeek-style provider (e2e/support/with-provider.ts):
// the real route, retrieval, prompt, citation filter and event stream, with reasoning before the answer.
test("with a reasoning provider, the reasoning shows and folds away, and the answer streams with checked citations", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.open("大模型 部署 到底难不难 量子烤肠");
  const reply = chat.assistantMessages.first();
  const { section, toggle, badge } = chat.reasoningOf(reply);
  await expect(section).toContainText("先看看站内有哪些相关文章，再把要点整理出来。");
  await expect(badge).toHaveText("已完成");
  await expect(toggle).toHaveAttribute("aria-expanded", "false", { timeout: 4000 });
  await expect(reply).toHaveAttribute("data-typing", "done", { timeout: 10_000 });
  await expect(reply).toContainText("根据站内文章，可以先读这篇，另外这一篇也提到过。");
  await expect(reply).toContainText("总之：先想清楚再动手。");
  // The article from the context stays a link; the one the model made up is plain text.
  const cited = reply.getByRole("link", { name: "这篇", exact: true });
  await expect(cited).toHaveAttribute("href", /^\/articles\/\d+$/);
  await expect(reply.getByRole("link", { name: "这一篇" })).toHaveCount(0);
  await expect(reply.locator('a[href*="99999999"]')).toHaveCount(0);
  await cited.click();
  await expect(page).toHaveURL(/\/articles\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the provider's calls show in /metrics by kind and outcome", async ({ page, request }) => {
  const calls = async () => total(await scrape(request), "shiyue_ai_request_duration_seconds_count", { kind: "chat", outcome: "ok" });
  const before = await calls();
  const chat = new ChatPage(page);
  await chat.open("大模型 部署 指标");
  await expect(chat.assistantMessages.first()).toHaveAttribute("data-typing", "done", { timeout: 10_000 });
  await expect.poll(calls).toBeGreaterThan(before);
});
