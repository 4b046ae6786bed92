import type { Locator, Page } from "@playwright/test";

export class HomePage {
  readonly articles: Locator;
  readonly search: Locator;
  readonly footer: Locator;

  constructor(readonly page: Page) {
    this.articles = page.getByTestId("article-item");
    this.search = page.getByRole("searchbox", { name: "搜索文章" });
    this.footer = page.locator("footer");
  }

  async goto() {
    await this.page.goto("/");
  }

  async searchFor(keyword: string) {
    await this.search.fill(keyword);
    await this.search.press("Enter");
  }
}
