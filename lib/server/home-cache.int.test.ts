// The cached anonymous home page against a real database (the version trigger of migration 0008) and a
// loopback server standing in for Next.js: it renders a page naming its nonce and the newest title.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { articles } from "@/lib/db/schema";
import { send } from "@/test/http";
import { articlesVersion, COUNTERS_MAX_AGE_MS } from "@/lib/articles/version";
import { createHomeCache } from "./home-cache";
import { etagOf } from "./conditional-get";
import { RENDER_HEADER } from "./page-cache-slot";
import { pageRenderer } from "./page-render";
import { gate } from "@/test/gate";

let server: Server;
let origin = "";
let renders: IncomingHttpHeaders[] = [];
/** `hold`: the stand-in answers once it settles (a render the test keeps under way). */
let answer: { status: number; hold?: Promise<void> } = { status: 200 };
/** Called when the stand-in receives a render request. */
let renderArrived = () => {};

beforeAll(async () => {
  await getDb(); // opened and migrated here, under the hook's longer timeout, not in the first test's
  server = createServer(async (req, res) => {
    renders.push(req.headers);
    renderArrived();
    if (answer.hold) await answer.hold;
    const nonce = `n${renders.length}AbCdEf+/=`;
    const [top] = await (await getDb()).select({ title: articles.title }).from(articles).orderBy(desc(articles.id)).limit(1);
    const html = `<html><script nonce="${nonce}">1</script><h1>${top?.title ?? "无"}</h1><script nonce="${nonce}" src="/a.js"></script></html>`;
    send(res, answer.status, "text/html; charset=utf-8", html, {
      "Content-Security-Policy": `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      Vary: "RSC, Accept-Encoding",
      "Cache-Control": "private, no-cache, no-store, max-age=0, must-revalidate",
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  renders = [];
  answer = { status: 200 };
  renderArrived = () => {};
});

const SECRET = "home-cache-test-secret";
let n = 0;
async function addArticle(title: string) {
  const db = await getDb();
  const [row] = await db.insert(articles).values({ title, content: "正文", sourceUrl: `https://example.com/home-cache/${++n}` }).returning({ id: articles.id });
  return row.id;
}

/** Resolves once the stand-in server has received a render request (the version was read before it). */
function renderStarted(): Promise<void> {
  return renders.length > 0 ? Promise.resolve() : new Promise((resolve) => (renderArrived = resolve));
}

function cacheWithClock() {
  const clock = { now: Date.parse("2026-11-24T08:00:00Z") };
  return { clock, cache: createHomeCache({ getDb, render: pageRenderer({ origin, secret: SECRET }), now: () => clock.now }) };
}

describe("home cache", () => {
  it("misses first and renders once behind the request, then answers from memory with the page's headers", async () => {
    await addArticle("缓存测试第一篇");
    const { cache } = cacheWithClock();
    expect(await cache.lookup()).toBeNull();
    await cache.refresh(); // joins the render the miss started
    expect(renders).toHaveLength(1);
    expect(renders[0][RENDER_HEADER]).toBe(SECRET);
    expect(renders[0]["accept-encoding"]).toBe("identity");

    const page = await cache.lookup();
    expect(page?.html).toContain("缓存测试第一篇");
    expect(page?.nonce).toBe("n1AbCdEf+/=");
    const headers = Object.fromEntries(page!.headers);
    expect(headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(headers.vary).toBe("RSC, Accept-Encoding");
    // Per-response headers are never replayed: the proxy sets this response's CSP.
    expect(headers).not.toHaveProperty("content-security-policy");
    expect(headers).not.toHaveProperty("content-length");
    expect(headers).not.toHaveProperty("date");
    for (let i = 0; i < 5; i++) expect(await cache.lookup()).toBe(page);
    expect(renders).toHaveLength(1);
  });

  it("carries its validators: an ETag of its exact bytes and the time it was rendered; a new render, new ones", async () => {
    const { cache, clock } = cacheWithClock();
    await cache.refresh();
    const page = (await cache.lookup())!;
    expect(page.etag).toBe(etagOf(page.html));
    expect(page.renderedAt).toBe(clock.now);
    clock.now += 1_000;
    await addArticle("换了校验值的新文章");
    await cache.lookup();
    await cache.refresh();
    const next = (await cache.lookup())!;
    expect(next.etag).not.toBe(page.etag);
    expect(next.nonce).not.toBe(page.nonce);
    expect(next.renderedAt).toBe(clock.now);
  });

  it("renders again as soon as an article is added, edited or removed, and never serves the old page meanwhile", async () => {
    const { cache } = cacheWithClock();
    await cache.refresh();
    expect(await cache.lookup()).not.toBeNull();
    const db = await getDb();

    const id = await addArticle("刚刚收录的新文章");
    expect(await cache.lookup()).toBeNull();
    await cache.refresh();
    expect((await cache.lookup())?.html).toContain("刚刚收录的新文章");

    await db.update(articles).set({ title: "改过标题的文章" }).where(eq(articles.id, id));
    expect(await cache.lookup()).toBeNull();
    await cache.refresh();
    expect((await cache.lookup())?.html).toContain("改过标题的文章");

    await db.delete(articles).where(eq(articles.id, id));
    expect(await cache.lookup()).toBeNull();
    await cache.refresh();
    expect((await cache.lookup())?.html).not.toContain("改过标题的文章");
  });

  it("does not render again when only counters move, until the page is older than its maximum age", async () => {
    const { cache, clock } = cacheWithClock();
    const db = await getDb();
    const id = await addArticle("计数会变的文章");
    await cache.refresh();
    const before = await articlesVersion(db);
    await db.update(articles).set({ likeCnt: 5, viewCnt: 9 }).where(eq(articles.id, id));
    expect(await articlesVersion(db)).toBe(before);
    const page = await cache.lookup();
    expect(page).not.toBeNull();
    expect(renders).toHaveLength(1);

    clock.now += COUNTERS_MAX_AGE_MS + 1;
    expect(await cache.lookup()).toBe(page); // served while a fresh one renders
    await cache.refresh();
    expect(renders).toHaveLength(2);
    expect(await cache.lookup()).not.toBe(page);
  });

  it("a change during a render leaves the new page stale, so the next request renders again", async () => {
    const { cache } = cacheWithClock();
    const render = gate();
    answer = { status: 200, hold: render.held };
    const rendering = cache.refresh();
    await renderStarted(); // the version is read; the render is under way until the gate opens
    await addArticle("渲染途中收录的文章");
    render.open();
    await rendering;
    expect(await cache.lookup()).toBeNull();
    await cache.refresh(); // the render that lookup started
    expect((await cache.lookup())?.html).toContain("渲染途中收录的文章");
  });

  it("keeps nothing from a failed render, runs one render at a time and waits a second before the next", async () => {
    const { cache, clock } = cacheWithClock();
    answer = { status: 500 };
    await Promise.all([cache.refresh(), cache.refresh(), cache.lookup(), cache.lookup()]);
    expect(renders).toHaveLength(1);
    expect(await cache.lookup()).toBeNull();
    await cache.refresh(); // would have joined a render started by the lookup
    expect(renders).toHaveLength(2);

    answer = { status: 200 };
    clock.now += 1_000;
    expect(await cache.lookup()).toBeNull();
    await cache.refresh();
    expect(renders).toHaveLength(3);
    expect(await cache.lookup()).not.toBeNull();
  });
});
