import type { Locator, Page } from "@playwright/test";

/** An article's permalink: its related articles and its links to the platform's and the day's listings. */
export class PermalinkPage {
  readonly heading: Locator;
  readonly related: Locator;
  readonly relatedLinks: Locator;
  readonly breadcrumbs: Locator;
  readonly platformListing: Locator;
  readonly dayListing: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.related = page.getByRole("region", { name: "相关文章" });
    this.relatedLinks = this.related.getByRole("link");
    this.breadcrumbs = page.getByRole("navigation", { name: "当前位置" });
    this.platformListing = page.getByRole("navigation", { name: "更多文章" }).getByRole("link", { name: /上的更多文章$/ });
    this.dayListing = page.getByRole("navigation", { name: "更多文章" }).getByRole("link", { name: /发布的文章$/ });
  }

  async goto(id: number) {
    await this.page.goto(`/articles/${id}`);
  }
}

/** A listing page (by platform or by day): its articles and the links to the older and newer pages. */
export class ListingPage {
  readonly heading: Locator;
  readonly articles: Locator;
  readonly older: Locator;
  readonly newer: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.articles = page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 }).getByRole("link");
    const pager = page.getByRole("navigation", { name: "翻页" });
    this.older = pager.getByRole("link", { name: "更早的文章" });
    this.newer = pager.getByRole("link", { name: "较新的文章" });
  }
}
