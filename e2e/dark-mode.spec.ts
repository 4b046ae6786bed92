import { expect, test, type Page, type TestInfo } from "./support/fixtures";
import { THEME_COLORS } from "../lib/theme/constants";
import { RegisterPage, uniqueName } from "./pages/auth-pages";
import { ChatPage, mockChat, sseBody } from "./pages/chat-page";
import { SmartSummaryPage, SummaryProgressPage } from "./pages/summary-pages";
import { contrastViolations, firstPaint, SCHEMES, THEME_STORAGE_KEY, Theme, watchTheme, type Scheme } from "./pages/theme";
import { transitionsDone } from "./support/settle";
import { picture } from "./support/pictures";

// Dark mode (issue 22): the page follows the system's scheme until the reader picks one with the header's
// toggle; the choice is kept, painted from the first frame, and every page keeps text contrast at WCAG AA.

const SHOTS = "test-results/dark-shots";

/** At 390 px (the phone project), a picture of the page for the acceptance. */
async function shoot(page: Page, testInfo: TestInfo, name: string, scheme: Scheme, fullPage = false) {
  if (testInfo.project.name !== "phone") return;
  await picture(page, `${SHOTS}/${name}-${scheme}.png`, { fullPage });
}

/** An article whose body has a fenced code block, from the demo articles. */
async function articleWithCode(page: Page): Promise<string> {
  const res = await page.request.get("/api/v1/articles?limit=50");
  const { data } = (await res.json()) as { data: { items: { id: string; content: string }[] } };
  const found = data.items.find((a) => a.content.includes("```"));
  expect(found, "a demo article with a code block").toBeTruthy();
  return `/articles/${found!.id}`;
}

test.beforeEach(async ({ page }) => {
  await watchTheme(page);
});

test("with no choice stored, pages follow the system's scheme, and follow it live", async ({ page }) => {
  const theme = new Theme(page);
  // The server's HTML is the same for everyone (some is cached for all visitors): no scheme in it.
  const html = await (await page.request.get("/")).text();
  expect(/<html[^>]*>/.exec(html)![0]).not.toMatch(/data-theme|\bdark\b/);

  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await theme.expectShown("dark");
  await expect(theme.toLight).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
  expect(await theme.stored()).toBeNull();

  await page.emulateMedia({ colorScheme: "light" });
  await theme.expectShown("light");
  await expect(theme.toDark).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("light");

  await page.goto("/about");
  await theme.expectShown("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await theme.expectShown("dark");
});

test("the header toggle switches the scheme; the choice survives a reload, painted from the first frame; choosing the system's scheme follows the system again", { tag: "@phone" }, async ({ page }) => {
  const theme = new Theme(page);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await theme.expectShown("light");

  expect(await theme.barColor()).toBe(THEME_COLORS.light);
  await theme.switchTo("dark");
  await theme.expectShown("dark");
  await expect(theme.toLight).toBeVisible();
  expect(await theme.stored()).toBe("dark");
  expect(await theme.barColor()).toBe(THEME_COLORS.dark); // the phone's address bar follows the choice, not the system

  // Reloaded, the page is dark before its first paint: set once, while <head> was parsed, never light.
  await page.reload();
  await theme.expectShown("dark");
  const start = await firstPaint(page);
  expect(start.atBody).toBe("dark");
  expect(start.changes).toEqual(["dark"]);
  expect(start.firstFrame).toBeLessThan(0.02);
  expect(await theme.barColor()).toBe(THEME_COLORS.dark);
  // Another page, the same choice; the system's setting no longer matters.
  await page.goto("/smart-summary");
  expect((await firstPaint(page)).atBody).toBe("dark");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.emulateMedia({ colorScheme: "light" });
  await theme.expectShown("dark");

  // Light is the system's scheme: choosing it forgets the choice, and the page follows the system again.
  await theme.switchTo("light");
  await theme.expectShown("light");
  expect(await theme.stored()).toBeNull();
  expect(await theme.barColor()).toBe(THEME_COLORS.light);
  await page.emulateMedia({ colorScheme: "dark" });
  await theme.expectShown("dark");
  expect(await theme.barColor()).toBe(THEME_COLORS.dark);

  // And a light choice on a dark system is kept too.
  await theme.switchTo("light");
  await theme.expectShown("light");
  expect(await theme.stored()).toBe("light");
  await page.reload();
  await theme.expectShown("light");
  expect((await firstPaint(page)).changes).toEqual(["light"]);
  expect(await theme.barColor()).toBe(THEME_COLORS.light);
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe("light");
});

test("text keeps a contrast of at least 4.5:1 in both schemes: home, an article with code, about, sign-in, smart summary and its result", { tag: "@phone" }, async ({ page, baseURL }, testInfo) => {
  test.setTimeout(150_000);
  const theme = new Theme(page);
  const permalink = await articleWithCode(page);
  const pages: { path: string; ready: () => Promise<void>; shot?: string }[] = [
    { path: "/", ready: () => expect(page.getByTestId("article-item").first()).toBeVisible(), shot: "home" },
    { path: permalink, ready: () => expect(page.locator(".markdown pre code").first()).toBeVisible(), shot: "permalink" },
    { path: "/about", ready: () => expect(page.getByRole("heading", { name: "拾阅", level: 1 })).toBeVisible() },
    { path: "/login/sms", ready: () => expect(page.getByRole("button", { name: "登录", exact: true })).toBeVisible() },
    { path: "/smart-summary", ready: () => expect(page.getByRole("heading", { name: "智能总结", level: 1 })).toBeVisible() },
  ];
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const { path, ready, shot } of pages) {
      await page.goto(path);
      await ready();
      await theme.expectShown(scheme);
      expect(await contrastViolations(page), `${path} in the ${scheme} scheme`).toEqual([]);
      if (shot) await shoot(page, testInfo, shot, scheme);
    }
  }

  // A summary's result: a reader summarises a demo article (the local engine), then sees it in each scheme.
  await page.emulateMedia({ colorScheme: "light" });
  await new RegisterPage(page).goto();
  await new RegisterPage(page).register({ account: uniqueName("dark"), password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);
  const form = new SmartSummaryPage(page);
  await form.goto();
  await form.input.fill(new URL(permalink, baseURL).href);
  await form.choose("知识点");
  const created = page.waitForResponse((r) => r.url().includes("/api/summary/create-task") && r.ok());
  await form.start.click();
  const body = (await (await created).json()) as { data?: { task_id: string }; task_id?: string };
  const taskId = body.data?.task_id ?? body.task_id;
  expect(taskId).toBeTruthy();
  const progress = new SummaryProgressPage(page);
  await progress.waitForResult(60_000);
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/summary-progress?task_id=${taskId}`);
    await progress.waitForResult();
    await theme.expectShown(scheme);
    expect(await contrastViolations(page), `the summary result in the ${scheme} scheme`).toEqual([]);
    await shoot(page, testInfo, "summary-result", scheme, true);
  }
});

test("the assistant's answer (a diagram, code, a table, a quote) is readable in both schemes; the diagram is drawn again in the dark theme", async ({ page }, testInfo) => {
  const answer = [
    "流程如下：",
    "```mermaid\nflowchart LR\n  A[提问] --> B{检索}\n  B --> C[回答]\n```",
    "示例代码：",
    "```ts\nconst answer: number = 42; // 注释\nconsole.log(`答案是 ${answer}`);\n```",
    "| 步骤 | 说明 |\n|---|---|\n| 检索 | 找到 `3` 篇文章 |",
    "> 以上回答仅供参考。",
  ].join("\n\n");
  await mockChat(page, () => ({ body: sseBody([{ type: "content", content: answer }]) }));
  const theme = new Theme(page);
  const chat = new ChatPage(page);
  const diagram = chat.assistantMessages.first().getByTestId("mermaid-diagram");
  const node = diagram.locator(".node rect, .node polygon").first();

  await page.emulateMedia({ colorScheme: "light" });
  await chat.open("量子纠缠烤红薯");
  await expect(diagram.locator("svg")).toBeVisible({ timeout: 20_000 });
  await expect(chat.assistantMessages.first()).toHaveAttribute("data-typing", "done");
  expect(await theme.luminanceOf(node, "fill")).toBeGreaterThan(0.5);
  expect(await contrastViolations(page), "the answer in the light scheme").toEqual([]);
  await diagram.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, "chat-mermaid", "light");

  // The system turns dark: the page follows, and the diagram is drawn with mermaid's dark theme.
  await page.emulateMedia({ colorScheme: "dark" });
  await theme.expectShown("dark");
  await expect.poll(() => theme.luminanceOf(node, "fill"), { timeout: 20_000 }).toBeLessThan(0.1);
  await expect(diagram).toContainText("检索");
  await transitionsDone(page); // the colour transitions of the page
  expect(await contrastViolations(page), "the answer in the dark scheme").toEqual([]);
  await diagram.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, "chat-mermaid", "dark");
});
