import { expect, type Locator, type Page } from "@playwright/test";
import type { ApiArticle } from "../../lib/articles/serialize";
import { RegisterPage, uniqueName } from "./auth-pages";

/** Registers a fresh user through the UI and returns the session token from the cookie. */
export async function signUp(page: Page, prefix: string): Promise<string> {
  const register = new RegisterPage(page);
  await register.goto();
  await register.register({ account: uniqueName(prefix), password: "secret-pass-1" });
  await expect(page).toHaveURL(/\/$/);
  const cookie = (await page.context().cookies()).find((c) => c.name === "shiyue_token");
  expect(cookie?.value, "the session cookie after registering").toBeTruthy();
  return decodeURIComponent(cookie!.value);
}

/** The calls a journey makes behind the UI, as the signed-in user. */
export class RecordsApi {
  constructor(
    readonly page: Page,
    readonly token: string,
  ) {}

  get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** The first `count` articles of the feed (newest first). */
  async articles(count: number): Promise<ApiArticle[]> {
    const found: ApiArticle[] = [];
    for (let page = 1; found.length < count; page++) {
      const res = await this.page.request.get(`/api/v1/articles?page=${page}`, { headers: this.headers });
      expect(res.ok()).toBe(true);
      const items = ((await res.json()) as { data: { items: ApiArticle[] } }).data.items;
      expect(items.length, "enough articles in the feed").toBeGreaterThan(0);
      found.push(...items);
    }
    return found.slice(0, count);
  }

  /** Likes each article in turn, so the last one is the most recent like. */
  async like(articles: ApiArticle[]) {
    for (const a of articles) {
      const res = await this.page.request.post(`/api/v1/likes/${a.id}`, { headers: this.headers });
      expect(((await res.json()) as { data: { action: string } }).data.action).toBe("liked");
    }
  }

  /** Favourites each article in turn, so the last one is the most recent favourite. */
  async favorite(articles: ApiArticle[]) {
    for (const a of articles) {
      const res = await this.page.request.post("/api/v1/favorites", { headers: this.headers, data: { article_id: a.id } });
      expect(res.ok()).toBe(true);
    }
  }
}

/** The likes or favourites page. */
export class RecordsPage {
  readonly items: Locator;
  readonly titles: Locator;
  readonly total: Locator;
  readonly loadMore: Locator;
  readonly empty: Locator;

  constructor(
    readonly page: Page,
    readonly path: "/likes" | "/favorites",
  ) {
    this.items = page.getByTestId("record-item");
    this.titles = this.items.getByTestId("record-title");
    this.total = page.getByTestId("record-total");
    this.loadMore = page.getByRole("button", { name: "加载更多" });
    this.empty = page.getByTestId("record-empty");
  }

  async goto() {
    await this.page.goto(this.path);
  }

  sortButton(name: string): Locator {
    return this.page.getByRole("group", { name: "排序方式" }).getByRole("button", { name });
  }

  async sortBy(name: string) {
    await this.sortButton(name).click();
    await expect(this.sortButton(name)).toHaveAttribute("aria-pressed", "true");
  }

  item(title: string): Locator {
    return this.items.filter({ has: this.page.getByRole("link", { name: title, exact: true }) });
  }
}

/** Answers every request that leaves the test server, so opening an article's source needs no network. */
export async function stubExternalSites(page: Page) {
  await page.context().route(
    (url) => url.hostname !== "127.0.0.1",
    (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: "<title>原文</title>" }),
  );
}
