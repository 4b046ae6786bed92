// The visitors' permalink cache (lib/server/permalink-cache.ts) through the real server: a visitor's article
// page comes from memory with validators (ETag, Last-Modified → 304) and a public Cache-Control, shows an edit
// (and a new ETag) on the very next request, and is never served to a session, a client navigation, a query
// or an unknown id. Browser-free: runs once, in the desktop
// project.
import { expect, test, type APIRequestContext } from "./support/fixtures";
import { onServerDb } from "./support/server-db";

const CACHE = "x-page-cache";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1];

/** An article of the feed's first page: its id and title. */
async function someArticle(request: APIRequestContext, index = 0) {
  const items = (await (await request.get("/api/v1/articles?page=1")).json()).data.items as { id: number; title: string }[];
  return items[index];
}

/**
 * An article of this test's own, published long before the demo's so no other journey shows, likes or reads it:
 * a like or a reading elsewhere would move its counters and, after COUNTERS_MAX_AGE_MS, render it again under a
 * new ETag and Last-Modified (as it should), which a test of revalidation cannot share.
 */
async function ownArticle(baseURL: string) {
  const title = `只属于缓存测试的文章 ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [row] = await onServerDb<{ id: number }>(
    baseURL,
    `insert into articles (title, content, summary, author_name, platform_name, source_platform, source_url, published_at, origin)
     values ($1, '正文。', '摘要。', '测试作者', 'sspai', '少数派', $2, '2025-02-02T12:00:00+08:00', 'feed') returning id`,
    [title, `https://sspai.com/e2e-permalink-cache/${encodeURIComponent(title)}`],
  );
  return { id: Number(row.id), title };
}

test("a visitor's permalink comes from memory: the same page and nonce to everyone, validators a crawler revalidates with, headers a CDN honours", async ({ request, baseURL }) => {
  const article = await ownArticle(baseURL!);
  try {
    await revalidates(request, article);
  } finally {
    await onServerDb(baseURL!, "delete from articles where id = $1", [article.id]);
  }
});

async function revalidates(request: APIRequestContext, article: { id: number; title: string }) {
  const first = await request.get(`/articles/${article.id}`);
  const second = await request.get(`/articles/${article.id}`);
  for (const res of [first, second]) {
    expect(res.status()).toBe(200);
    expect(res.headers()[CACHE], "the permalink from memory").toBe("hit");
    expect(res.headers()["content-type"]).toContain("text/html");
    expect(res.headers()["x-frame-options"]).toBe("DENY");
    expect(res.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=50, no-transform");
    expect(res.headers()["vary"]).toMatch(/\bCookie\b/);
    expect(res.headers()["set-cookie"]).toBeUndefined();
    expect(res.headers()["content-encoding"], "gzipped once per render for a client that takes gzip").toBe("gzip");
  }
  // One kept page: the same bytes, ETag and nonce (docs/security.md: a nonce per kept body, not per response).
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
  expect(second.headers()["etag"]).toBe(etag);
  expect(second.headers()["last-modified"]).toBe(first.headers()["last-modified"]);
  const nonce = nonceOf(first.headers()["content-security-policy"]);
  expect(nonceOf(second.headers()["content-security-policy"])).toBe(nonce);
  const html = await first.text();
  expect(await second.text()).toBe(html);
  expect(html).toContain(escapeHtml(article.title));
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes("application/ld+json"));
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  // Revalidation: 304 without a body for the same ETag (weak or in a list) or a date not before Last-Modified.
  const conditions: Record<string, string>[] = [{ "if-none-match": etag }, { "if-none-match": `"other", ${etag.slice(2)}` }, { "if-modified-since": first.headers()["last-modified"] }];
  for (const headers of conditions) {
    const res = await request.get(`/articles/${article.id}`, { headers });
    expect(res.status(), JSON.stringify(headers)).toBe(304);
    expect(await res.body()).toHaveLength(0);
    expect(res.headers()["etag"]).toBe(etag);
    expect(res.headers()["cache-control"]).toContain("public");
  }
  const changed = await request.get(`/articles/${article.id}`, { headers: { "if-none-match": '"another-page"' } });
  expect(changed.status()).toBe(200);
  expect(await changed.text()).toBe(html);
}

test("a signed-in reader's permalink is private: no validators, nothing a shared cache may keep", async ({ request, playwright, baseURL }) => {
  const article = await someArticle(request);
  const etag = (await request.get(`/articles/${article.id}`)).headers()["etag"];
  const account = `etag${Date.now().toString(36)}`;
  const reg = await request.post("/api/v1/auth/register", { data: { account_name: account, password: "secret-pass-1", agree_terms: true } });
  const token = (await reg.json()).data.access_token as string;
  const signedIn = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `shiyue_token=${token}` } });
  try {
    const res = await signedIn.get(`/articles/${article.id}`, { headers: { "if-none-match": etag } });
    expect(res.status()).toBe(200);
    expect(res.headers()[CACHE]).toBeUndefined();
    expect(res.headers()["cache-control"]).toMatch(/^private, .*no-store/);
    expect(res.headers()["etag"]).toBeUndefined();
    expect(res.headers()["last-modified"]).toBeUndefined();
  } finally {
    await signedIn.dispose();
  }
});

test("an article edited while its page is in memory shows the edit on the next request", async ({ request, baseURL }) => {
  const article = await someArticle(request, 1);
  const before = await request.get(`/articles/${article.id}`);
  expect(before.headers()[CACHE]).toBe("hit");
  const etag = before.headers()["etag"];
  const edited = `${article.title}（已更正 ${Date.now().toString(36)}）`;
  // Plain SQL, as an operator would: the trigger of migration 0010 moves updated_at, not the app.
  await onServerDb(baseURL!, "update articles set title = $1 where id = $2", [edited, article.id]);
  try {
    // A crawler revalidating with the old ETag gets the edited page, under a new ETag.
    const res = await request.get(`/articles/${article.id}`, { headers: { "if-none-match": etag } });
    expect(res.status()).toBe(200);
    expect(res.headers()[CACHE]).toBe("hit");
    expect(res.headers()["etag"]).not.toBe(etag);
    const html = await res.text();
    expect(html).toContain(escapeHtml(edited));
    expect(html).toContain(`<title>${escapeHtml(edited)} · 拾阅</title>`);
  } finally {
    await onServerDb(baseURL!, "update articles set title = $1 where id = $2", [article.title, article.id]);
  }
  expect(await (await request.get(`/articles/${article.id}`)).text()).not.toContain("已更正");
});

test("sessions, client navigations, queries and unknown ids are rendered for the request", async ({ request, playwright, baseURL }) => {
  const article = await someArticle(request, 2);
  const path = `/articles/${article.id}`;
  expect((await request.get(path)).headers()[CACHE]).toBe("hit");

  expect((await request.get(`${path}?from=timeline`)).headers()[CACHE]).toBeUndefined();
  // A trailing slash is not another address of the page: it answers 301 to the permalink (docs/seo.md).
  const slash = await request.get(`${path}/`, { maxRedirects: 0 });
  expect(slash.status()).toBe(301);
  expect(slash.headers()[CACHE]).toBeUndefined();
  const navigation = await request.get(path, { headers: { RSC: "1", "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors" } });
  expect(navigation.headers()[CACHE]).toBeUndefined();
  expect(navigation.headers()["content-type"]).toContain("text/x-component");

  // An unknown id is a 404 each time, never kept.
  for (let i = 0; i < 2; i++) {
    const missing = await request.get("/articles/999999999");
    expect(missing.status()).toBe(404);
    expect(missing.headers()[CACHE]).toBeUndefined();
  }

  const account = `perm${Date.now().toString(36)}`;
  const reg = await request.post("/api/v1/auth/register", { data: { account_name: account, password: "secret-pass-1", agree_terms: true } });
  expect(reg.ok()).toBe(true);
  const token = (await reg.json()).data.access_token as string;
  const signedIn = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `shiyue_token=${token}` } });
  try {
    const res = await signedIn.get(path);
    expect(res.headers()[CACHE]).toBeUndefined();
    const html = await res.text();
    expect(html).toContain(escapeHtml(article.title));
    expect(html).not.toContain(">登录<"); // the signed-in header, not the visitor's page
  } finally {
    await signedIn.dispose();
  }
});
