import { expect, type Locator, type Page } from "@playwright/test";

/** /smart-summary (智能总结): the method cards, the link input and the start button. */
export class SmartSummaryPage {
  readonly input: Locator;
  readonly start: Locator;
  readonly foundLink: Locator;
  readonly loginHint: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByLabel("链接或包含链接的文本");
    this.start = page.getByRole("button", { name: "开始总结" });
    this.foundLink = page.getByTestId("found-link");
    this.loginHint = page.getByText("登录后才能开始总结");
  }

  async goto() {
    await this.page.goto("/smart-summary");
    await expect(this.page.getByRole("heading", { name: "智能总结", level: 1 })).toBeVisible();
  }

  method(name: "快速总结" | "详细总结" | "知识点" | "分镜脚本"): Locator {
    return this.page.getByRole("radio", { name: new RegExp(`^${name}`) });
  }

  async choose(name: "快速总结" | "详细总结" | "知识点" | "分镜脚本") {
    await this.page.getByRole("radiogroup", { name: "总结方式" }).getByText(name, { exact: true }).click();
    await expect(this.method(name)).toBeChecked();
  }
}

/** /summary-progress (总结进度): steps, the result card and its actions, the demo label. */
export class SummaryProgressPage {
  readonly result: Locator;
  readonly title: Locator;
  readonly addToList: Locator;
  readonly added: Locator;
  readonly demoBadge: Locator;
  readonly demoNote: Locator;
  readonly methodBadge: Locator;

  constructor(readonly page: Page) {
    this.result = page.getByRole("region", { name: "总结结果" });
    this.title = this.result.getByTestId("summary-title");
    this.addToList = this.result.getByRole("button", { name: "加入文章列表" });
    this.added = this.result.getByRole("button", { name: "已添加" });
    this.demoBadge = page.getByText("演示", { exact: true });
    this.demoNote = page.getByText("当前为演示效果，并非真实总结结果", { exact: true });
    this.methodBadge = page.getByTestId("method-badge");
  }

  step(key: "fetch" | "process" | "transcribe" | "summarize"): Locator {
    return this.page.getByTestId(`step-${key}`);
  }

  async waitForResult(timeout = 20_000) {
    await expect(this.step("fetch")).toHaveAttribute("data-state", "completed", { timeout });
    await expect(this.step("summarize")).toHaveAttribute("data-state", "completed", { timeout });
    await expect(this.result).toBeVisible({ timeout });
  }
}
