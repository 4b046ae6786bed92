// The operator's console as a journey drives it: the CLI that makes an operator, a loopback feed to collect,
// and the sections' controls by their labels.
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { expect, request as newRequest, type Locator, type Page } from "@playwright/test";
import { dataDirOf } from "../support/app-server";
import { onServerDb } from "../support/server-db";

const execFileAsync = promisify(execFile);

/** `npm run admin -- <args>` against the e2e server's embedded database (through its socket), as an operator would. */
export async function adminCommand(baseURL: string, args: string[]): Promise<string> {
  const port = new URL(baseURL).port;
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dataDirOf(port), DATABASE_URL: "" };
  delete env.NODE_OPTIONS;
  const { stdout } = await execFileAsync("npm", ["run", "--silent", "admin", "--", ...args], { env, timeout: 25_000 });
  return stdout;
}

/**
 * Makes an account an operator with one statement on the server's database: the role `npm run admin -- grant` sets,
 * without the second process (~4 s of a 2-core machine starting Node.js and compiling the command). For journeys
 * whose subject is not the command; admin.spec.ts makes its first operator with the command itself.
 */
export async function makeOperator(baseURL: string, account: string): Promise<void> {
  const rows = await onServerDb(baseURL, "update users set role = 'admin' where account_name = $1 returning id", [account]);
  expect(rows, `the account ${account}`).toHaveLength(1);
}

/**
 * Publishes a reader's article waiting for review (USER_ARTICLES=review) through the console's API, as an operator
 * would: for journeys that need the article public.
 */
export async function approveAsOperator(baseURL: string, articleId: number): Promise<void> {
  const api = await newRequest.newContext({ baseURL });
  try {
    const account = `approver${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const res = await api.post("/api/v1/auth/register", { data: { account_name: account, password: "secret-pass-1", agree_terms: true } });
    expect(res.status()).toBe(200);
    const token = (await res.json()).data.access_token as string;
    await makeOperator(baseURL, account);
    const approved = await api.post(`/api/admin/articles/${articleId}/approve`, { headers: { authorization: `Bearer ${token}` } });
    expect(approved.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** An RSS feed on loopback with `titles` as its items, published a minute apart, newest first. */
export async function serveFeed(tag: string, titles: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const now = Date.now();
  let base = "";
  const server: Server = createServer((_req, res) => {
    const items = titles
      .map(
        (title, i) => `<item><title>${title}</title><link>${base}/posts/${tag}/${i}</link><guid>${tag}-${i}</guid>
<pubDate>${new Date(now - i * 60_000).toUTCString()}</pubDate><description>&lt;p&gt;${title}的正文：运营后台旅程收录的文章。&lt;/p&gt;</description></item>`,
      )
      .join("\n");
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>运营旅程订阅源 ${tag}</title><link>${base}/</link>${items}</channel></rss>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: `${base}/feed-${tag}.xml`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export class ConsolePage {
  constructor(readonly page: Page) {}

  /** Opens a section from the console's navigation (待审核's link carries the number waiting). */
  async section(name: "概览" | "订阅源" | "文章" | "待审核" | "总结任务" | "用户" | "操作记录") {
    await this.page.getByRole("navigation", { name: "运营后台" }).getByRole("link", { name: name === "待审核" ? /^待审核/ : name, exact: name !== "待审核" }).click();
    await expect(this.page.getByRole("heading", { level: 1, name })).toBeVisible();
  }

  source(url: string): Locator {
    return this.page.locator("[data-source-id]", { hasText: url });
  }

  article(title: string): Locator {
    return this.page.locator("[data-article-id]", { hasText: title });
  }

  /** Runs an action whose button asks for confirmation first, accepting it. */
  async confirmed(button: Locator) {
    this.page.once("dialog", (d) => void d.accept());
    await button.click();
  }

  async toast(text: string | RegExp) {
    await expect(this.page.locator("[data-sonner-toast]", { hasText: text }).first()).toBeVisible();
  }
}
