// The installable app (issue 45): manifest and service worker, reading offline from the device's shelf, acting
// offline, the offline shell, the update prompt. Every other journey blocks service workers (playwright.config.ts);
// these allow them, and each collects the page's CSP violations and reads the worker's caches for HTML with a nonce.
import { readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "./support/fixtures";
import { onServerDb } from "./support/server-db";
import { cardActions, HomePage } from "./pages/home-page";
import { toast } from "./pages/auth-pages";
import { RecordsApi, signUp } from "./pages/records-pages";

test.use({ serviceWorkers: "allow" });

/** Collects Content-Security-Policy violations (enforced and report-only) of every page of the context. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.context().exposeFunction("__cspViolation", (text: string) => seen.push(text));
  await page.context().addInitScript(() => {
    addEventListener("securitypolicyviolation", (e: SecurityPolicyViolationEvent) =>
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} on ${location.pathname}`),
    );
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

/** Waits until the service worker controls the page (registered after load, claims the page when active). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, { timeout: 20_000 });
}

/** Every response in the worker's caches: none may be a page carrying a nonce (or any page but the shell). */
async function cachedPages(page: Page): Promise<{ url: string; nonce: boolean; html: boolean }[]> {
  return page.evaluate(async () => {
    const found: { url: string; nonce: boolean; html: boolean }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        const html = Boolean(res?.headers.get("content-type")?.includes("text/html"));
        const text = res && html ? await res.clone().text() : "";
        found.push({ url: req.url, nonce: /\snonce=/.test(text) || Boolean(res?.headers.get("content-security-policy")?.includes("nonce-")), html });
      }
    }
    return found;
  });
}

async function expectNoNonceCached(page: Page) {
  const cached = await cachedPages(page);
  expect(cached.length, "the worker precached its shell").toBeGreaterThan(0);
  expect(cached.filter((c) => c.nonce)).toEqual([]);
  expect(cached.filter((c) => c.html).map((c) => new URL(c.url).pathname)).toEqual(["/offline.html"]);
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (b: Buffer) => [b.readUInt32BE(16), b.readUInt32BE(20)];

test("installable: the manifest parses with its icons and shortcuts, Chromium finds no installability error, the worker controls the page @phone", async ({ page, request }) => {
  const violations = await watchCsp(page);
  await new HomePage(page).goto();
  await controlled(page);

  const cdp = await page.context().newCDPSession(page);
  const { errors, data } = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[]; data: string };
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data) as { name: string; short_name: string; display: string; start_url: string; icons: { src: string; sizes: string; purpose: string }[]; shortcuts: { name: string; url: string }[] };
  expect(manifest).toMatchObject({ short_name: "拾阅", display: "standalone", start_url: "/" });
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ["搜索", "/#search"],
    ["我的收藏", "/favorites"],
    ["今日精选", "/digest"],
  ]);
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await res.body()).join("x")).toBe(icon.sizes);
  }
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(["192x192 any", "192x192 maskable", "512x512 any", "512x512 maskable"]);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
  // Every Playwright context is incognito, where Chromium never offers to install; nothing else may stand in the way.
  expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);

  const sw = await request.get("/sw.js");
  expect(sw.headers()["cache-control"]).toBe("no-cache");
  const csp = (await request.get("/about")).headers()["content-security-policy"];
  expect(csp).toContain("worker-src 'self';");
  expect(csp).toContain("manifest-src 'self';");

  // The 搜索 shortcut (a fresh page at /#search): the search box is ready to type in.
  await page.goto("/about");
  await page.goto("/#search");
  await expect(new HomePage(page).search).toBeFocused();
  await expectNoNonceCached(page);
  expect(violations).toEqual([]);
});

test("a reader's favourites and last opened articles read offline; a like and a history removal made offline reach the server once the connection returns, a refused one is shown @phone", async ({ page, context, baseURL }) => {
  const violations = await watchCsp(page);
  const api = new RecordsApi(page, await signUp(page, "offline"));
  await controlled(page);
  const home = new HomePage(page);
  const [a, b, c, d, e] = await api.articles(5);

  // Two favourites from the cards, three articles opened from their pages.
  for (const article of [a, b]) {
    const card = home.articles.filter({ hasText: article.title });
    await cardActions(card).bookmark.click();
    await expect(cardActions(card).bookmark).toHaveAttribute("aria-pressed", "true");
    // Kept on the device once its text is fetched (before the next page, which would cancel the fetch).
    await expect.poll(() => keptIds(page)).toContain(article.id);
  }
  for (const article of [c, d, e]) {
    await page.goto(`/articles/${article.id}`);
    await expect(page.getByRole("heading", { level: 1, name: article.title })).toBeVisible();
    await expect.poll(() => keptIds(page)).toContain(article.id);
  }
  await page.goto("/profile");
  await expect(page.getByTestId("offline-usage")).toContainText("收藏 2 篇 · 最近读过 3 篇");

  await context.setOffline(true);
  await page.goto("/offline");
  await expect(page.getByTestId("shell-status")).toHaveText("离线");
  await expect(page.getByRole("region", { name: "我的收藏" }).getByRole("link")).toHaveText([b.title, a.title].map((t) => new RegExp(escape(t))));
  await expect(page.getByRole("region", { name: "最近读过" }).getByRole("link")).toHaveText([e.title, d.title, c.title].map((t) => new RegExp(escape(t))));
  for (const article of [a, b, c, d, e]) {
    await page.getByRole("link", { name: new RegExp(escape(article.title)) }).click();
    await expect(page.getByRole("heading", { level: 1, name: article.title })).toBeVisible();
    await expect(page.locator(".markdown")).toContainText(firstWords(article.content ?? ""));
    await page.getByRole("link", { name: "← 离线阅读" }).click();
  }
  // An article's own address, offline: the shell opens it from the shelf.
  await page.goto(`/articles/${c.id}`);
  await expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible();
  await context.setOffline(false);

  // A like and a favourite made offline on the feed: shown at once, sent when the connection returns.
  await home.goto();
  await expect(home.articles.first()).toBeVisible();
  // Two cards of the feed as it is now (articles read above are no longer in it), neither a favourite.
  const titles = (await home.articles.getByTestId("article-title").allTextContents()).map((t) => t.trim()).filter((t) => t !== a.title && t !== b.title);
  const cardOf = async (title: string) => {
    const card = home.articles.filter({ hasText: title });
    const id = Number((await card.getByTestId("article-title").getByRole("link").getAttribute("href"))!.split("/").pop());
    return { card, title, id };
  };
  const liked = await cardOf(titles[0]);
  const gone = await cardOf(titles[1]);
  await context.setOffline(true);
  await expect(page.getByTestId("offline-bar")).toContainText("离线");
  const likeCard = liked.card;
  await cardActions(likeCard).like.click();
  await expect(cardActions(likeCard).like).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("offline-bar")).toContainText("1 项操作待同步");
  // The other is refused when sent: its article was taken down meanwhile.
  const goneCard = gone.card;
  await cardActions(goneCard).bookmark.click();
  await expect(page.getByTestId("offline-bar")).toContainText("2 项操作待同步");
  await onServerDb(baseURL!, "update articles set hidden_at = now() where id = $1", [gone.id]);
  await context.setOffline(false);
  await expect(toast(page, "已同步 1 项离线操作")).toBeVisible();
  await expect(toast(page, `离线操作未能同步：${gone.title}`)).toBeVisible();
  const status = await page.request.get(`/api/v1/likes/status/${liked.id}`, { headers: api.headers });
  expect(await status.json()).toEqual({ data: { is_liked: true } });
  await page.goto("/offline");
  await expect(page.getByRole("region", { name: "未能同步的离线操作" })).toContainText(`${gone.title}：文章已下线或记录已不存在`);

  // A reading removed from 浏览历史 offline goes from the server when the connection returns.
  await page.goto("/history");
  const item = page.getByTestId("history-item").filter({ hasText: c.title });
  await expect(item).toBeVisible();
  await context.setOffline(true);
  page.once("dialog", (d) => void d.accept());
  await item.getByRole("button", { name: "删除" }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByTestId("offline-bar")).toContainText("1 项操作待同步");
  await context.setOffline(false);
  await expect(toast(page, "已同步 1 项离线操作")).toBeVisible();
  const history = await page.request.get("/api/v1/user-read-history/my-history?time_filter=all", { headers: api.headers });
  expect(((await history.json()) as { items: { article: { id: number } }[] }).items.map((r) => r.article.id)).not.toContain(c.id);

  // 清除离线内容 on /profile empties the shelf.
  await page.goto("/profile");
  await page.getByRole("button", { name: "清除离线内容" }).click();
  await expect(page.getByTestId("offline-usage")).toContainText("收藏 0 篇 · 最近读过 0 篇");
  await expectNoNonceCached(page);
  expect(violations).toEqual([]);
});

test("a visitor offline on a page never visited gets the offline shell, in Chinese, with the articles they opened @phone", async ({ page, context }) => {
  const violations = await watchCsp(page);
  const home = new HomePage(page);
  await home.goto();
  await controlled(page);
  const title = (await home.articles.first().getByTestId("article-title").textContent())!.trim();
  await home.articles.first().getByRole("button", { name: "展开全文" }).click();
  const id = Number((await home.articles.first().getByRole("link").first().getAttribute("href"))?.match(/\/articles\/(\d+)/)?.[1]);
  await expect.poll(() => keptIds(page)).toContain(id);

  await context.setOffline(true);
  await page.goto("/about");
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("status")).toContainText("你现在处于离线状态，这个页面没能打开。");
  await expect(page.getByRole("heading", { level: 1, name: "离线阅读" })).toBeVisible();
  await expect(page.getByRole("region", { name: "最近读过" }).getByRole("link")).toHaveText([new RegExp(escape(title))]);
  await expect(page.getByRole("region", { name: "我的收藏" })).toHaveCount(0);
  await context.setOffline(false);
  await expectNoNonceCached(page);
  expect(violations).toEqual([]);
});

test("a new deployment is announced (发现新版本) and 刷新 moves the page to it", async ({ page }) => {
  const violations = await watchCsp(page);
  await new HomePage(page).goto();
  await controlled(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  // A new build's worker: the same address, other bytes (what every deployment's precache list makes). The build
  // directory is shared by every worker's server, so this journey runs on one project only (desktop).
  const file = ".next/standalone/public/sw.js";
  const before = readFileSync(file);
  try {
    writeFileSync(file, Buffer.concat([before, Buffer.from(`\n// deployment ${Date.now()}\n`)]));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.update()));
    const prompt = toast(page, "发现新版本");
    await expect(prompt).toBeVisible();
    const reloaded = page.waitForEvent("load");
    await prompt.getByRole("button", { name: "刷新" }).click();
    await reloaded;
    await controlled(page);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => ({ waiting: Boolean(r!.waiting), url: r!.active!.scriptURL })))).toEqual({ waiting: false, url: first });
    await expect(toast(page, "发现新版本")).toHaveCount(0);
  } finally {
    writeFileSync(file, before);
  }
  expect(violations).toEqual([]);
});

/** The ids on this device's offline shelves (every account's and the visitor's). */
const keptIds = (page: Page) =>
  page.evaluate(async () => {
    const ids: number[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith("shiyue-offline:")) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => Object.assign(indexedDB.open(name), { onsuccess(this: IDBRequest<IDBDatabase>) { resolve(this.result); }, onerror: reject }));
      if (db.objectStoreNames.contains("articles")) {
        const keys = await new Promise<IDBValidKey[]>((resolve) => Object.assign(db.transaction("articles").objectStore("articles").getAllKeys(), { onsuccess(this: IDBRequest<IDBValidKey[]>) { resolve(this.result); } }));
        ids.push(...(keys as number[]));
      }
      db.close();
    }
    return ids;
  });

test("notifications: turned on by a click on /profile and off again; a push shows a notification, a click on it opens its page", async ({ page, context }) => {
  const violations = await watchCsp(page);
  await context.grantPermissions(["notifications"]);
  // Chromium's own push service (FCM) is out of reach on this machine: subscribe() answers with what a browser's
  // subscription looks like, on FCM's address (the server's sending is played against a loopback push service in
  // lib/push/push.int.test.ts).
  await context.addInitScript(() => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${location.port}`;
    const fake = () => ({
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) } }),
      unsubscribe: async () => (localStorage.removeItem("e2e-push"), true),
    });
    PushManager.prototype.subscribe = async () => (localStorage.setItem("e2e-push", "1"), fake() as unknown as PushSubscription);
    PushManager.prototype.getSubscription = async () => (localStorage.getItem("e2e-push") ? (fake() as unknown as PushSubscription) : null);
  });
  const api = new RecordsApi(page, await signUp(page, "push"));
  await controlled(page);
  const state = async () => ((await (await page.request.get("/api/v1/users/me/push", { headers: api.headers })).json()) as { data: { subscriptions: number; replies: boolean } }).data;

  await page.goto("/profile");
  const card = page.getByTestId("push-card");
  await expect(card.getByTestId("push-status")).toHaveText("未开启");
  await card.getByRole("button", { name: "在此浏览器开启" }).click();
  await expect(card.getByTestId("push-status")).toHaveText("已在此浏览器开启");
  expect(await state()).toMatchObject({ subscriptions: 1, replies: true });
  await card.getByRole("checkbox", { name: "回复我的评论" }).uncheck();
  await expect.poll(async () => (await state()).replies).toBe(false);
  await card.getByRole("button", { name: "在此浏览器关闭" }).click();
  await expect(card.getByTestId("push-status")).toHaveText("未开启");
  expect((await state()).subscriptions).toBe(0);

  // A push message as the browser's push service delivers it (trusted, through DevTools), then a click on it.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const found = e.registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(new URL(page.url()).origin));
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const [article] = await api.articles(1);
  const data = JSON.stringify({ title: "乙 回复了你的评论", body: "写得真好", url: `/articles/${article.id}#comments`, tag: "reply-1" });
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(page.url()).origin, registrationId: await registration, data });
  const shown = () => page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((ns) => ns.map((n) => ({ title: n.title, body: n.body, url: n.data?.url }))));
  await expect.poll(shown).toEqual([{ title: "乙 回复了你的评论", body: "写得真好", url: `/articles/${article.id}#comments` }]);
  const [worker] = context.serviceWorkers();
  await worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [n] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: n }));
  });
  await expect(page).toHaveURL(new RegExp(`/articles/${article.id}#comments$`));
  await expect(page.getByRole("heading", { level: 1, name: article.title })).toBeVisible();
  expect(await shown()).toEqual([]);
  expect(violations).toEqual([]);
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The start of the body's first line with no markdown in it: text the rendered article shows as it is. */
function firstWords(markdown: string): string {
  const line = markdown.split("\n").map((l) => l.trim()).find((l) => l.length >= 8 && !/[#>*_`[\]()!|~<-]|^\d+\./.test(l));
  expect(line, "the article has a plain line of text").toBeTruthy();
  return line!.slice(0, 8);
}
