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

/** A feed card's like, comment and bookmark controls (each named by its action, then the count it shows). */
export function cardActions(card: Locator) {
  return {
    like: card.getByRole("button", { name: /^(点赞|取消点赞) \S+$/ }),
    likeCount: card.getByTestId("like-count"),
    bookmark: card.getByRole("button", { name: /^(收藏|取消收藏) \S+$/ }),
    favoriteCount: card.getByTestId("favorite-count"),
    comment: card.getByRole("button", { name: /^评论 \S+$/ }),
  };
}
