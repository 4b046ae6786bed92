// The thread under an article and /notifications, as readers use them; readers with a proven phone are made
// through the code sign-in API (the console SMS provider prints the code in the server's log).
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { TOKEN_COOKIE, USER_STORAGE_KEY } from "../../lib/auth/constants";
import { codeFromServerLog, uniquePhone } from "./auth-pages";

export type Reader = { token: string; user: { id: number; display_name: string | null; account_name: string } };

/** A new account made by code sign-in: its phone is proven, so it may comment. */
export async function phoneReader(api: APIRequestContext, name: string): Promise<Reader> {
  const phone = uniquePhone();
  expect((await api.post("/api/v1/sms/send", { data: { phone } })).status()).toBe(200);
  const res = await api.post("/api/v1/sms/login", { data: { phone, code: await codeFromServerLog(phone), agree_terms: true } });
  expect(res.status()).toBe(200);
  const { access_token: token, user } = (await res.json()).data;
  const named = await api.put("/api/v1/users/me", { data: { display_name: name }, headers: { authorization: `Bearer ${token}` } });
  expect(named.status()).toBe(200);
  return { token, user: { ...user, display_name: name } };
}

/**
 * A demo article's permalink (the feed's `n`th: each journey its own, so no visitor's kept page of it is older).
 * Journeys of comments use 0–3.
 */
export async function anArticle(page: Page, n = 0): Promise<string> {
  const feed = await (await page.request.get("/api/v1/articles?limit=5")).json();
  return `/articles/${feed.data.items[n].id}`;
}

/** Signs `page` in as `reader` (the cookie for pages, the stored user for the client). */
export async function signIn(page: Page, baseURL: string, reader: Reader) {
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: reader.token, url: baseURL }]);
  await page.addInitScript(([key, user]) => localStorage.setItem(key, user), [USER_STORAGE_KEY, JSON.stringify(reader.user)] as const);
}

export class Thread {
  readonly section: Locator;
  readonly box: Locator;
  readonly send: Locator;
  readonly total: Locator;
  constructor(readonly page: Page) {
    this.section = page.getByTestId("comments");
    this.box = this.section.getByRole("textbox", { name: "写评论" });
    this.send = this.section.getByRole("button", { name: "发表", exact: true });
    this.total = this.section.getByTestId("comments-total");
  }
  /** Waits until React has hydrated the thread (its buttons answer clicks, its box keeps what is typed). */
  async ready() {
    await expect(this.section).toHaveAttribute("data-hydrated", "true");
  }
  comment(text: string | RegExp): Locator {
    return this.section.getByTestId("comment").filter({ has: this.page.getByTestId("comment-text").getByText(text, { exact: typeof text === "string" }) }).first();
  }
  async write(text: string) {
    await this.ready();
    await this.box.fill(text);
    await this.send.click();
    await expect(this.comment(text)).toBeVisible();
  }
  async reply(to: Locator, text: string) {
    await this.ready();
    await to.getByRole("button", { name: "回复", exact: true }).first().click();
    const box = to.getByRole("textbox", { name: /^回复 / });
    await box.fill(text);
    await to.getByRole("button", { name: "回复", exact: true }).last().click();
    await expect(this.comment(text)).toBeVisible();
  }
}
